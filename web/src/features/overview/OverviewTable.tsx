import { Anchor, Badge, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OVERVIEW_EMPTY_MESSAGE, OVERVIEW_STATE_LABELS, type OverviewState } from '@fsi/shared/overview';
import type { OverviewCountsFragment, OverviewTable_BuildingFragment } from './OverviewTable.generated';
import { formatPercentage } from './OverviewTotals';
import { typeLink } from './overviewLinks';

type Building = OverviewTable_BuildingFragment;

/** The state columns in the spec's order, each with the counts field it shows. */
export const STATE_COLUMNS: ReadonlyArray<{ state: OverviewState; field: keyof OverviewCountsFragment; percentage: keyof OverviewCountsFragment }> = [
  { state: 'satisfactory', field: 'satisfactory', percentage: 'satisfactoryPercentage' },
  { state: 'unsatisfactory', field: 'unsatisfactory', percentage: 'unsatisfactoryPercentage' },
  { state: 'not_applicable', field: 'notApplicable', percentage: 'notApplicablePercentage' },
  { state: 'incomplete', field: 'incomplete', percentage: 'incompletePercentage' },
  { state: 'unscanned', field: 'unscanned', percentage: 'unscannedPercentage' },
];

/**
 * One building's part of the overview table: a row per equipment type and cycle with the cycle's status and the
 * entries in each state. The type leads to Manage Types narrowed to it, each count to the same narrowed to its state;
 * both carry this overview as backUrl.
 */
export function OverviewBuildingTable({ building, backUrl, heading }: { building: Building; backUrl: string; heading?: ReactNode }) {
  const rows = building.equipment.flatMap((type) => type.cycles.map((cycle, index) => ({ type, cycle, first: index === 0 })));
  const headingId = `overview-building-${building.buildingId}`;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {heading ?? building.name}
          </Title>
          <Text size="sm" c="dimmed">
            {building.counts.total.toLocaleString('en-US')} {building.counts.total === 1 ? 'entry' : 'entries'}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {OVERVIEW_EMPTY_MESSAGE}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder verticalSpacing={6} aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Cycle</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Total
                  </Table.Th>
                  {STATE_COLUMNS.map((column) => (
                    <Table.Th key={column.state} scope="col" ta="right">
                      {OVERVIEW_STATE_LABELS[column.state]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ type, cycle, first }) => (
                  <Table.Tr key={`${type.equipmentTypeId}-${cycle.cycleId}`}>
                    <Table.Th scope="row" fw={first ? 600 : 400}>
                      {first ? (
                        <Anchor component={Link} to={typeLink(building.buildingId, type.equipmentTypeId, backUrl)}>
                          {type.name}
                        </Anchor>
                      ) : (
                        <VisuallyHidden>{type.name}</VisuallyHidden>
                      )}
                    </Table.Th>
                    <Table.Td>{cycle.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {/* max-content: a badge's label gives way to an ellipsis when the table squeezes its column. */}
                      <Badge variant="light" color={cycle.status === 'COMPLETE' ? 'green' : 'orange'} miw="max-content">
                        {cycle.status === 'COMPLETE' ? 'Complete' : 'Incomplete'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{cycle.entries.total}</Table.Td>
                    {STATE_COLUMNS.map((column) => {
                      const count = cycle.entries[column.field] as number;
                      const share = formatPercentage(cycle.entries[column.percentage] as number);
                      return (
                        <Table.Td key={column.state} ta="right">
                          {count > 0 ? (
                            <Anchor
                              component={Link}
                              to={typeLink(building.buildingId, type.equipmentTypeId, backUrl, column.state)}
                              aria-label={`${type.name}, ${cycle.name}: ${count} ${OVERVIEW_STATE_LABELS[column.state]} (${share})`}
                            >
                              {count}
                            </Anchor>
                          ) : (
                            <Text span size="sm" c="dimmed">
                              0
                            </Text>
                          )}
                          <Text span size="xs" c="dimmed" display="block" aria-hidden="true">
                            {share}
                          </Text>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
