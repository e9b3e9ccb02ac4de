import { useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Badge, Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { canViewOverview, OVERVIEW_STATE_LABELS, type OverviewState } from '@fsi/shared/overview';
import { TopBar } from '../../ui/TopBar';
import { IconChevronLeft, IconChevronRight, IconReport } from '../../ui/icons';
import { ReportsLoadError } from '../reports/ReportStates';
import { useBuildingOverviewLocationsQuery, useBuildingOverviewQuery } from './BuildingOverviewPage.generated';
import { useOrganizationOverviewFiltersQuery, useOverviewViewerQuery } from './OrganizationOverviewPage.generated';
import { OverviewFiltersPanel } from './OverviewFiltersPanel';
import { EMPTY_SELECTION, overviewFilterOf, type Selection } from './overviewFilters';
import { buildingOverviewLink, equipmentTasksLink, locationLink } from './overviewLinks';
import { OverviewEmpty, OverviewLoading, OverviewNotAllowed } from './OverviewStates';
import { OverviewBuildingTable } from './OverviewTable';
import type { OverviewTable_BuildingFragment } from './OverviewTable.generated';
import { OverviewTotals } from './OverviewTotals';
import { usePrintOverview } from './usePrintOverview';

const STATE_OF: Record<string, OverviewState> = {
  SATISFACTORY: 'satisfactory',
  UNSATISFACTORY: 'unsatisfactory',
  NOT_APPLICABLE: 'not_applicable',
  INCOMPLETE: 'incomplete',
};
const NO_FILTER_DATA = { users: [], buildings: [], regions: [], cycles: [], equipment: [] };
const STATE_COLOR: Record<OverviewState, string> = { satisfactory: 'green', unsatisfactory: 'red', not_applicable: 'gray', incomplete: 'orange', unscanned: 'blue' };

/**
 * /overview/building/{buildingId}?organizationId= (admin-organizations-buildings.md sections 2-6): the building's totals,
 * its filters (cycles, walkabouts, equipment), the table of its types and cycles, each location with its equipment and
 * their state in each cycle, the previous and next buildings of the organization, and Print.
 */
export function BuildingOverviewPage() {
  const { buildingId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const viewerQuery = useOverviewViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewOverview(viewer.isAdmin, viewer.permissions) : false;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  // A building overview's filter never names buildings, so the filter data is not needed to make it.
  const filter = useMemo(() => overviewFilterOf(NO_FILTER_DATA, selection, buildingId), [selection, buildingId]);
  const query = useBuildingOverviewQuery({ variables: { buildingId, filter }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  // While a new filter loads, the figures of the previous one stay (and the filters stay open).
  const building = (query.data ?? query.previousData)?.building;
  const filterData = building?.overviewFilters;
  const organizationId = params.get('organizationId') ?? building?.organization.id ?? '';
  const siblingsQuery = useOrganizationOverviewFiltersQuery({ variables: { organizationId }, skip: !allowed || !organizationId });
  const siblings = siblingsQuery.data?.organization?.overviewFilters.buildings ?? [];
  const index = siblings.findIndex((b) => b.buildingId === buildingId);
  const previous = index > 0 ? siblings[index - 1] : undefined;
  const next = index >= 0 && index < siblings.length - 1 ? siblings[index + 1] : undefined;
  const locationsQuery = useBuildingOverviewLocationsQuery({ variables: { buildingId }, skip: !allowed });
  const overview = building?.overview;
  const row = overview?.buildings[0];
  const backUrl = `${location.pathname}${location.search}`;
  const print = usePrintOverview();

  return (
    <>
      <TopBar
        title={building?.name ?? 'Building Overview'}
        back={organizationId ? { label: 'Overview', to: `/overview/organization?organizationId=${encodeURIComponent(organizationId)}` } : { label: 'Buildings', to: '/buildings' }}
        actions={
          overview && building ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconReport size={16} />}
              loading={print.printing}
              onClick={() => void print.run({ title: `${building.name} overview`, counts: overview.counts, buildings: overview.buildings })}
            >
              Print
            </Button>
          ) : null
        }
      />
      <Container size={1200} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <OverviewLoading />}
          {viewer && !allowed && <OverviewNotAllowed />}
          {allowed && (previous || next) && (
            <Group justify="space-between" component="nav" aria-label="Buildings">
              {previous ? (
                <Anchor component={Link} to={buildingOverviewLink(previous.buildingId, organizationId)} size="sm">
                  <Group gap={4} wrap="nowrap">
                    <IconChevronLeft size={16} />
                    <span>Previous: {previous.name}</span>
                  </Group>
                </Anchor>
              ) : (
                <span />
              )}
              {next && (
                <Anchor component={Link} to={buildingOverviewLink(next.buildingId, organizationId)} size="sm">
                  <Group gap={4} wrap="nowrap">
                    <span>Next: {next.name}</span>
                    <IconChevronRight size={16} />
                  </Group>
                </Anchor>
              )}
            </Group>
          )}
          {allowed && query.error && !building && <ReportsLoadError title="The overview could not be loaded" onRetry={() => void query.refetch().catch(() => undefined)} />}
          {allowed && query.loading && !building && <OverviewLoading />}
          {query.data && !query.data.building && <OverviewEmpty description="This building does not exist or is not yours to see." />}
          {print.error && (
            <Text role="alert" c="red" size="sm">
              {print.error}
            </Text>
          )}
          {filterData && <OverviewFiltersPanel data={filterData} selection={selection} onChange={setSelection} building />}
          {overview && (
            <>
              <OverviewTotals counts={overview.counts} />
              {query.loading && <OverviewLoading />}
              {row ? <OverviewBuildingTable building={row} backUrl={backUrl} heading="Types" /> : <OverviewEmpty />}
              <LocationsTable buildingId={buildingId} query={locationsQuery} row={row} cycleOrder={(filterData?.cycles ?? []).map((c) => c.name)} />
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

/** Each location with its equipment and their state in each cycle's current walkabout (no record: Not Scanned). */
function LocationsTable({
  buildingId,
  query,
  row,
  cycleOrder,
}: {
  buildingId: string;
  query: ReturnType<typeof useBuildingOverviewLocationsQuery>;
  row: OverviewTable_BuildingFragment | undefined;
  cycleOrder: string[];
}) {
  const data = query.data?.building;
  // The cycles counted at the building, in the organization's order, and the cycles each type is inspected in.
  const counted = new Set((row?.equipment ?? []).flatMap((e) => e.cycles.map((c) => c.name)));
  const cycles = [...cycleOrder.filter((name) => counted.has(name)), ...[...counted].filter((name) => !cycleOrder.includes(name))];
  const cyclesOf = new Map((row?.equipment ?? []).map((e) => [e.equipmentTypeId, new Set(e.cycles.map((c) => c.name))]));
  const states = useMemo(() => {
    const map = new Map<string, OverviewState>();
    for (const s of data?.equipmentStates ?? []) map.set(`${s.locationId}:${s.equipmentId}:${s.cycleName}`, STATE_OF[s.state] ?? 'unscanned');
    return map;
  }, [data?.equipmentStates]);
  if (query.error && !data) return <ReportsLoadError title="The locations could not be loaded" onRetry={() => void query.refetch().catch(() => undefined)} />;
  if (!data) return <OverviewLoading />;
  const locations = data.locations.nodes.filter((l) => l.equipment.length > 0);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="overview-locations">
      <Stack gap="xs">
        <Title order={2} size="h4" id="overview-locations">
          Locations
        </Title>
        {locations.length === 0 ? (
          <OverviewEmpty />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder verticalSpacing={6} aria-labelledby="overview-locations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Location and equipment</Table.Th>
                  {cycles.map((cycle) => (
                    <Table.Th key={cycle} scope="col">
                      {cycle}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {locations.flatMap((l) => [
                  <Table.Tr key={`l${l.id}`} bg="var(--mantine-color-gray-light)">
                    <Table.Th scope="rowgroup" colSpan={cycles.length + 1}>
                      <Anchor component={Link} to={locationLink(buildingId, l.id)} fw={600}>
                        {l.name}
                      </Anchor>
                      <Text span size="xs" c="dimmed" ml="xs">
                        {l.floorName}
                      </Text>
                    </Table.Th>
                  </Table.Tr>,
                  ...l.equipment.map((e) => (
                    <Table.Tr key={`e${e.id}`}>
                      <Table.Th scope="row" fw={400} pl="lg">
                        <Anchor component={Link} to={equipmentTasksLink(buildingId, e.equipmentId)}>
                          {e.name}
                        </Anchor>
                      </Table.Th>
                      {cycles.map((cycle) => {
                        if (!cyclesOf.get(e.equipmentId)?.has(cycle)) {
                          return (
                            <Table.Td key={cycle} aria-label="Not inspected in this cycle">
                              <Text span c="dimmed" aria-hidden="true">
                                -
                              </Text>
                            </Table.Td>
                          );
                        }
                        const state = states.get(`${l.id}:${e.equipmentId}:${cycle}`) ?? 'unscanned';
                        return (
                          <Table.Td key={cycle}>
                            <Badge variant="light" color={STATE_COLOR[state]}>
                              {OVERVIEW_STATE_LABELS[state]}
                            </Badge>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  )),
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
