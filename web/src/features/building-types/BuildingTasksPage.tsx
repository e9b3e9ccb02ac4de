import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Anchor, Badge, Card, Center, Container, EmptyState, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { canChangeBuildingStatuses, canViewBuildingTypes } from '@fsi/shared/suspensions';
import { useBuildingTypesViewerQuery } from './BuildingTypesPage.generated';
import { useBuildingTasksPageQuery, type BuildingTasks_TaskFragment } from './BuildingTasksPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { ShortNameModal } from './ShortNameModal';
import { useBuildingStatus, type StatusResult } from './useSuspensionMutations';

type Task = BuildingTasks_TaskFragment;

/** What a task's status reads as at the building: Inactive and Paused set at organization level are said so. */
export function taskStatusLabel(task: Pick<Task, 'status' | 'buildingLevelStatus' | 'suspensionShortName'>): string {
  if (task.status === 'DISABLED') return 'Inactive on organization level';
  if (task.status === 'PAUSED') return 'Paused on organization level';
  if (task.buildingLevelStatus === 'PAUSED') return task.suspensionShortName ? `Paused (${task.suspensionShortName})` : 'Paused';
  return 'Active';
}

/** A type's tasks in blocks by component (the type's own first), each in groups by group name. */
function blocksOf(tasks: readonly Task[]) {
  const blocks = new Map<string, { name: string | null; groups: Map<string, Task[]> }>();
  for (const task of tasks) {
    const key = task.componentId ?? '';
    const block = blocks.get(key) ?? { name: task.componentName ?? null, groups: new Map<string, Task[]>() };
    const group = task.groupName ?? '';
    block.groups.set(group, [...(block.groups.get(group) ?? []), task]);
    blocks.set(key, block);
  }
  return [...blocks.entries()].map(([key, block]) => ({ key, name: block.name, groups: [...block.groups.entries()].map(([name, list]) => ({ name, tasks: list })) }));
}

/**
 * /manage/building/{buildingId}/tasks, Manage Tasks at building level (admin-organizations-buildings.md sections 2-8):
 * one list per equipment type (narrowed by Equipment, `equipmentId` in the URL, and Cycle), its components as
 * separate blocks when it has more than one, its tasks grouped by group name. Administrators and building managers
 * see each task's Status and Activate/deactivate switch: deactivating opens the Assign Short Name modal (a pause at
 * this building), activating deletes the pause; 'Select All' activates every task paused here.
 */
export function BuildingTasksPage() {
  const { buildingId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewerQuery = useBuildingTypesViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewBuildingTypes({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions) : false;
  const canChange = viewer ? canChangeBuildingStatuses(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useBuildingTasksPageQuery({ variables: { buildingId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const reload = () => void refetch().catch(() => undefined);
  const equipmentId = params.get('equipmentId') || null;
  const [cycleId, setCycleId] = useState<string | null>(null);
  const [pausing, setPausing] = useState<Task | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const status = useBuildingStatus(buildingId);

  const cycles = useMemo(() => {
    const byId = new Map<string, string>();
    for (const task of (building?.equipmentTypes ?? []).flatMap((t) => t.tasks)) byId.set(task.cycleId, task.cycleName);
    return [...byId.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [building?.equipmentTypes]);
  const types = (building?.equipmentTypes ?? [])
    .filter((t) => !equipmentId || t.equipmentTypeId === equipmentId)
    .map((t) => ({ ...t, tasks: t.tasks.filter((task) => !cycleId || task.cycleId === cycleId) }))
    .filter((t) => t.tasks.length > 0);
  const paused = types.flatMap((t) => t.tasks).filter((task) => task.buildingLevelStatus === 'PAUSED' && task.suspensionId);

  const said = (result: StatusResult) => {
    if (result.status === 'refused') setNotice({ color: 'red', text: result.errors.map((e) => e.message).join(' ') });
    if (result.status === 'failed') setNotice({ color: 'red', text: result.message });
    return result.status === 'saved';
  };

  const toggle = async (task: Task, active: boolean) => {
    setNotice(null);
    if (!active) return setPausing(task);
    if (!task.suspensionId) return;
    setBusy(true);
    said(await status.resumeTask(task.suspensionId));
    setBusy(false);
  };

  const selectAll = async () => {
    setNotice(null);
    setBusy(true);
    for (const task of paused) if (!said(await status.resumeTask(task.suspensionId!))) break;
    setBusy(false);
  };

  const setEquipment = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set('equipmentId', value);
    else next.delete('equipmentId');
    setParams(next, { replace: true });
  };

  return (
    <>
      <TopBar title="Manage Tasks" back={{ label: 'Building Settings', to: `/manage/building/${buildingId}` }} />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="tasks" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={building} onRetry={reload}
            notAvailable="Tasks are managed by administrators and by the users of the building's organization."
            notFound="There is no such building, or it is not one of yours."
          />
          {building && (
            <>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {building.name}
              </Title>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Equipment"
                  placeholder="All equipment"
                  clearable
                  searchable
                  data={building.equipmentTypes.map((t) => ({ value: t.equipmentTypeId, label: t.name }))}
                  value={equipmentId}
                  onChange={setEquipment}
                  style={{ flex: '1 1 220px' }}
                />
                <Select label="Cycle" placeholder="All cycles" clearable data={cycles} value={cycleId} onChange={setCycleId} style={{ flex: '1 1 160px' }} />
              </Group>
              {canChange && paused.length > 0 && (
                <Anchor component="button" type="button" onClick={() => void selectAll()} disabled={busy} style={{ alignSelf: 'flex-start' }}>
                  Select All
                </Anchor>
              )}
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {types.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
                </Center>
              ) : (
                types.map((type) => {
                  const blocks = blocksOf(type.tasks);
                  return (
                    <Card key={type.id} withBorder radius="md" padding="sm" component="section" aria-labelledby={`type-${type.id}`}>
                      <Title order={3} size="h5" id={`type-${type.id}`} mb="xs" style={{ overflowWrap: 'anywhere' }}>
                        {type.name}
                      </Title>
                      <Stack gap="sm">
                        {blocks.map((block) => (
                          <Stack key={block.key} gap={4}>
                            {blocks.length > 1 && (
                              <Text fw={600} size="sm">
                                {block.name ?? type.name}
                              </Text>
                            )}
                            {block.groups.map((group) => (
                              <TaskTable
                                key={group.name}
                                caption={group.name || 'Tasks'}
                                tasks={group.tasks}
                                canChange={canChange}
                                busy={busy}
                                onToggle={(task, active) => void toggle(task, active)}
                              />
                            ))}
                          </Stack>
                        ))}
                      </Stack>
                    </Card>
                  );
                })
              )}
            </>
          )}
        </Stack>
      </Container>
      {pausing && building && (
        <ShortNameModal
          what={`Deactivate '${pausing.label}' at ${building.name}.`}
          existing={building.suspensionShortNames}
          onSave={async (suspension) => {
            const result = await status.pauseTask(pausing.taskId, suspension);
            if (result.status === 'saved') setPausing(null);
            return result;
          }}
          onCancel={() => setPausing(null)}
        />
      )}
    </>
  );
}

type TableProps = { caption: string; tasks: Task[]; canChange: boolean; busy: boolean; onToggle(task: Task, active: boolean): void };

function TaskTable({ caption, tasks, canChange, busy, onToggle }: TableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} captionSide="top">
        <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task Details</Table.Th>
            {canChange && <Table.Th w={170}>Status</Table.Th>}
            {canChange && <Table.Th w={150}>Activate/deactivate</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => {
            const fixed = task.status !== 'ACTIVE';
            return (
              <Table.Tr key={task.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {task.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[task.cycleName, task.description, task.hint].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                {canChange && (
                  <Table.Td>
                    <Badge variant="light" color={!fixed && task.buildingLevelStatus === 'ACTIVE' ? 'green' : 'gray'}>
                      {taskStatusLabel(task)}
                    </Badge>
                  </Table.Td>
                )}
                {canChange && (
                  <Table.Td>
                    <Switch
                      aria-label={`Active: ${task.label}`}
                      checked={!fixed && task.buildingLevelStatus === 'ACTIVE'}
                      disabled={fixed || busy}
                      onChange={(event) => onToggle(task, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
