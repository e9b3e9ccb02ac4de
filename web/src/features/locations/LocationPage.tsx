import { useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Card, Center, EmptyState, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { equipmentLabel, formatDisplayDate } from '@fsi/shared';
import { useLocationPageQuery, type EntryColumn_EntryFragment } from './LocationPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconSearch } from '../../ui/icons';
import { absenceMark, compareEntries, conditionMark, conditionValueText, type ComparedCondition } from './entryComparison';
import classes from './LocationPage.module.css';

const LOCKED = 'Locked Walkabout';
const ACTIVE = 'Active Walkabout';

/**
 * The entries comparison of one location (inspection.md section 2, point 12): per cycle, the
 * latest locked walkabout against the active one, section by section and condition by condition.
 * Two columns on a desktop; stacked, each side named, on a phone.
 */
export function LocationPage() {
  const { buildingId = '', locationId = '' } = useParams();
  const { data, loading, error } = useLocationPageQuery({ variables: { buildingId, locationId } });
  const location = data?.location;
  const timeZone = data?.building?.timeZone;
  const comparisons = data?.entryComparisons ?? [];

  return (
    <>
      <TopBar title={location?.name ?? 'Location'} back={{ label: 'Walkabouts', to: `/buildings/${buildingId}/walkabouts` }} />
      <Stack gap="lg" className={classes.page}>
        {location && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {[data?.building?.name, location.floorName, location.label].filter(Boolean).join(' · ')}
            </Text>
            {location.hint && <Text size="sm">{location.hint}</Text>}
          </Stack>
        )}

        {error && !data && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The location could not be loaded">
            Check your connection and try again.
          </Alert>
        )}

        {loading && !data && (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the location">
            <Skeleton height={24} width="40%" />
            <Skeleton height={160} radius="md" />
          </Stack>
        )}

        {data && (!location || comparisons.length === 0) && (
          <Center py="xl">
            <EmptyState
              icon={<IconSearch size={28} />}
              withIndicatorBackground
              title="No results found"
              description={location ? 'No walkabout has inspected this location yet.' : 'This location does not exist or is not yours to see.'}
            />
          </Center>
        )}

        {location &&
          comparisons.map((comparison, index) => {
            const entry = comparison.active ?? comparison.locked;
            const sections = compareEntries(comparison.locked, comparison.active);
            return (
              <Card key={`${comparison.cycleName}-${entry?.id ?? index}`} component="section" withBorder radius="lg" padding="md" aria-label={entry ? `${comparison.cycleName} comparison, ${entry.label}` : `${comparison.cycleName} comparison`}>
                <Stack gap="md">
                  <Stack gap={2}>
                    <Title order={2} size="h4">
                      {comparison.cycleName}
                    </Title>
                    {entry && (
                      <Text size="sm" c="dimmed">
                        {entryTitle(entry)}
                      </Text>
                    )}
                  </Stack>
                  <div className={classes.columnsHeader} aria-hidden>
                    <ColumnHeading title={LOCKED} entry={comparison.locked} timeZone={timeZone} />
                    <ColumnHeading title={ACTIVE} entry={comparison.active} timeZone={timeZone} />
                  </div>
                  {sections.map((section) => (
                    <Stack key={section.key} gap="xs">
                      <Text fw={700} size="sm" tt="uppercase" c="dimmed">
                        {section.name}
                      </Text>
                      {section.rows.map((row) => (
                        <div key={row.key} className={classes.row}>
                          <Text fw={500} size="sm" className={classes.label}>
                            {row.label}
                          </Text>
                          <ConditionCell side={LOCKED} condition={row.locked} missing={comparison.locked === null} absence={absenceMark(row, 'locked')} />
                          <ConditionCell side={ACTIVE} condition={row.active} missing={comparison.active === null} absence={absenceMark(row, 'active')} />
                        </div>
                      ))}
                    </Stack>
                  ))}
                </Stack>
              </Card>
            );
          })}
      </Stack>
    </>
  );
}

/** The entry's label with its equipment as 'name (id)' (inspection.md section 9), once when the label already is that. */
function entryTitle(entry: Pick<EntryColumn_EntryFragment, 'label' | 'equipmentName' | 'equipmentId'>): string {
  const equipment = equipmentLabel(entry.equipmentName, entry.equipmentId);
  return entry.label === equipment || entry.label === entry.equipmentName ? equipment : `${entry.label} · ${equipment}`;
}

function ColumnHeading({ title, entry, timeZone }: { title: string; entry: EntryColumn_EntryFragment | null; timeZone?: string }) {
  return (
    <div>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {entry?.scannedAt ? `Scanned ${formatDisplayDate(entry.scannedAt, timeZone)}` : entry ? 'Not scanned' : 'None'}
      </Text>
    </div>
  );
}

type ConditionCellProps = { side: string; condition: ComparedCondition | null; missing: boolean; absence: 'P' | 'X' | null };

/** The words of inspection.md section 3 for a task status: paused is Paused, disabled is Inactive. */
const ABSENCE = { P: 'Paused', X: 'Inactive' } as const;

function ConditionCell({ side, condition, missing, absence }: ConditionCellProps) {
  const mark = condition ? conditionMark(condition) : null;
  const value = condition ? conditionValueText(condition) : null;
  return (
    <div className={classes.cell} aria-label={side} role="group">
      <Text size="xs" c="dimmed" className={classes.cellSide}>
        {side}
      </Text>
      {!condition && absence ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="sm" radius="sm" color="gray" variant="outline" aria-hidden className={classes.mark}>
            {absence}
          </Badge>
          <Text size="sm" c="dimmed">
            {ABSENCE[absence]}
          </Text>
        </Group>
      ) : !condition ? (
        <Text size="sm" c="dimmed">
          {missing ? 'No walkabout' : 'Not in this walkabout'}
        </Text>
      ) : (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {mark && (
              <Badge size="sm" radius="sm" color={mark === 'S' ? 'green' : 'red'} variant="filled" role="img" aria-label={mark === 'S' ? 'Satisfactory' : 'Unsatisfactory'} className={classes.mark}>
                {mark}
              </Badge>
            )}
            <Text size="sm" c={value === null ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
              {value ?? 'Not marked'}
            </Text>
          </Group>
          {condition.remarks && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {condition.remarks}
            </Text>
          )}
          {condition.photoUrl && (
            <Anchor href={condition.photoUrl} target="_blank" rel="noreferrer" className={classes.photo}>
              <Image src={condition.photoUrl} alt={`Photo: ${condition.label}`} w={72} h={72} radius="sm" fit="cover" />
            </Anchor>
          )}
        </Stack>
      )}
    </div>
  );
}
