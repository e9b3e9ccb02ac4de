import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Card, Center, Checkbox, Container, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useWalkaboutApplicabilityPageQuery, useWalkaboutApplicabilityViewerQuery, type WalkaboutApplicability_TypeFragment } from './WalkaboutApplicabilityPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconSearch, IconSettings } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { useSaveApplicability } from './useSaveApplicability';

type EquipmentType = WalkaboutApplicability_TypeFragment;

const STATUS_COLORS: Record<string, string> = { Inactive: 'gray', Paused: 'yellow' };

/** The ticked task ids of each type as stored. */
function storedChoice(types: readonly EquipmentType[]): Map<string, Set<string>> {
  return new Map(types.map((type) => [type.equipmentTypeId, new Set(type.tasks.filter((task) => task.applicable).map((task) => task.taskId))]));
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * /manage/organization/{organizationId}/building/{buildingId}/walkabout (admin-organizations-buildings.md sections 2,
 * 6 and 7; administrators only, told so before anything is asked of the server): per equipment type used at the
 * building, its conditions with checkmarks and a Select All link. Save, in the top bar, sends the types whose ticks
 * changed; walkabouts created afterwards leave the unticked conditions out. Then back to the building.
 */
export function WalkaboutApplicabilityPage() {
  const { organizationId = '', buildingId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useWalkaboutApplicabilityViewerQuery();
  const isAdmin = viewerQuery.data?.viewer.isAdmin ?? false;
  const { data, loading, error, refetch } = useWalkaboutApplicabilityPageQuery({ variables: { buildingId }, skip: !isAdmin, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const types = useMemo(() => building?.walkaboutApplicability ?? [], [building?.walkaboutApplicability]);
  const stored = useMemo(() => storedChoice(types), [types]);
  /** The user's ticks, per type they touched; the others show what is stored. */
  const [edited, setEdited] = useState<Map<string, Set<string>>>(new Map());
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveApplicability(buildingId);
  const backTo = `/manage/organization/${organizationId}/building/${buildingId}`;

  const ticked = (typeId: string) => edited.get(typeId) ?? stored.get(typeId) ?? new Set<string>();
  const setTicked = (typeId: string, next: Set<string>) => setEdited((current) => new Map(current).set(typeId, next));
  const toggle = (typeId: string, taskId: string, on: boolean) => {
    const next = new Set(ticked(typeId));
    if (on) next.add(taskId);
    else next.delete(taskId);
    setTicked(typeId, next);
  };

  const submit = async () => {
    setFailure(null);
    const changed = [...edited.entries()].filter(([typeId, tasks]) => !sameSet(tasks, stored.get(typeId) ?? new Set()));
    setSaving(true);
    const result = await save(changed.map(([typeId, tasks]) => ({ equipmentTypeId: typeId, applicableTaskIds: [...tasks] })));
    setSaving(false);
    if (result.status === 'signedOut') return;
    // Any failure keeps the user's ticks on the screen.
    if (result.status === 'failed') return setFailure(result.message);
    setEdited(new Map());
    navigate(backTo);
  };

  return (
    <>
      <TopBar
        title="Walkabout Conditions"
        back={{ label: 'Building', to: backTo }}
        actions={
          isAdmin && building ? (
            <Button size="xs" loading={saving} onClick={() => void submit()}>
              Save
            </Button>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewerQuery.data && <ReportsLoading label="Loading walkabout conditions" />}
          {viewerQuery.data && !isAdmin && (
            <Center py="xl">
              <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Only administrators choose a building's walkabout conditions." />
            </Center>
          )}
          {isAdmin && error && !data && <ReportsLoadError title="The walkabout conditions could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {isAdmin && loading && !data && <ReportsLoading label="Loading walkabout conditions" />}
          {failure && (
            <Alert role="alert" color="red" variant="light">
              {failure}
            </Alert>
          )}
          {data && (!building || types.length === 0) && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={building ? 'No equipment is set up at the locations of this building.' : undefined} />
            </Center>
          )}
          {building && types.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                Tick the conditions that {building.name}&apos;s walkabouts check. Walkabouts created after saving leave the others out.
              </Text>
              {types.map((type) => (
                <TypeConditions
                  key={type.id}
                  type={type}
                  ticked={ticked(type.equipmentTypeId)}
                  disabled={saving}
                  onToggle={(taskId, on) => toggle(type.equipmentTypeId, taskId, on)}
                  onSelectAll={() => setTicked(type.equipmentTypeId, new Set(type.tasks.map((task) => task.taskId)))}
                />
              ))}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

type TypeProps = {
  type: EquipmentType;
  ticked: ReadonlySet<string>;
  disabled: boolean;
  onToggle(taskId: string, on: boolean): void;
  onSelectAll(): void;
};

function TypeConditions({ type, ticked, disabled, onToggle, onSelectAll }: TypeProps) {
  const all = type.tasks.length > 0 && type.tasks.every((task) => ticked.has(task.taskId));
  return (
    <Card withBorder radius="md" padding="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      {/* The legend first, so that it names the group of checkboxes; floated, so that it sits inside the card. */}
      <legend style={{ float: 'left', width: '100%', padding: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
            {type.name}
            {type.aliasName ? ` (${type.aliasName})` : ''}
          </Text>
          {type.status !== 'Active' && (
            <Badge color={STATUS_COLORS[type.status] ?? 'gray'} variant="light">
              {type.status}
            </Badge>
          )}
        </Group>
      </legend>
      <Group justify="space-between" gap="sm" wrap="wrap" my="xs" style={{ clear: 'both' }}>
        <Text size="sm" c="dimmed">
          {type.tasks.filter((task) => ticked.has(task.taskId)).length} of {type.tasks.length} ticked
        </Text>
        {type.tasks.length > 0 && (
          <Anchor component="button" type="button" size="sm" onClick={onSelectAll} disabled={disabled || all} aria-label={`Select All conditions of ${type.name}`}>
            Select All
          </Anchor>
        )}
      </Group>
      {type.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          This equipment has no conditions.
        </Text>
      ) : (
        <Stack gap="xs">
          {type.tasks.map((task) => (
            <Checkbox
              key={task.id}
              checked={ticked.has(task.taskId)}
              disabled={disabled}
              onChange={(event) => onToggle(task.taskId, event.currentTarget.checked)}
              label={task.label}
              description={[task.cycleName, task.componentName, task.status !== 'Active' ? task.status : null].filter(Boolean).join(' · ')}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
