import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ActionIcon, Alert, Badge, Button, Card, Center, Container, EmptyState, Group, NativeSelect, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { moveItem } from '@fsi/shared';
// Straight from the module, not the package's index: the tasks rules then stay in this screen's chunk.
import {
  canManageOrganizationTasks,
  canViewOrganizationTasks,
  groupTasksByGroup,
  parentStatusText,
  showsTaskStatusSelect,
  TASK_TYPE_LABELS,
  type TaskStatusValue,
  type TaskType,
} from '@fsi/shared/tasks';
import { useManageTasksPageQuery, useManageTasksViewerQuery, type ManageTasks_TaskFragment } from './ManageTasksPage.generated';
import type { TaskStatus } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { DragHandle, dragInstructions, SortableList, useSortableRow, type SortableRowProps } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconPencil, IconSearch } from '../../ui/icons';
import { AddButton, ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { TaskModal } from './TaskModal';
import { useReorderTasks, useSetTaskStatus, type TaskChangeResult } from './useTaskMutations';

type Task = ManageTasks_TaskFragment;
type Open = { kind: 'add' } | { kind: 'edit'; task: Task } | null;

const STATUS_OPTIONS: Array<{ value: TaskStatus; label: string }> = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'DISABLED', label: 'Inactive' },
];
const wire = (status: TaskStatus) => status.toLowerCase() as TaskStatusValue;
const ALL = '';

/** A task's type and values as the row says them. */
function taskSummary(task: Task): string {
  const type = (task.type.toLowerCase() in TASK_TYPE_LABELS ? TASK_TYPE_LABELS[task.type.toLowerCase() as TaskType] : 'Time') as string;
  const parts = [type];
  if (task.type === 'RANGE' && (task.rangeFrom != null || task.rangeTo != null)) parts.push(`${task.rangeFrom ?? '…'} to ${task.rangeTo ?? '…'}`);
  if (task.type === 'DROPDOWN' && task.values.length) parts.push(`values ${task.values.join(', ')}`);
  if (task.satisfactoryValues.length) parts.push(`satisfactory ${task.satisfactoryValues.join(', ')}`);
  if (task.unsatisfactoryValues.length) parts.push(`unsatisfactory ${task.unsatisfactoryValues.join(', ')}`);
  if (task.recordValues.length) parts.push(`record ${task.recordValues.join(', ')}`);
  return parts.join(' · ');
}

/**
 * /manage/organization/{organizationId}/tasks, Manage Tasks at organization level (admin-organizations-buildings.md
 * sections 2-9): the organization's tasks grouped by group name ('{group} (Group)', the groups by name), narrowed by
 * cycle and equipment type. Administrators and organization managers add and edit tasks, set their status (the select
 * shows only while the task's type is active; otherwise the type's status is shown 'on organization level') and
 * rearrange a group's tasks, by dragging a task's handle (pointer, touch, or the keyboard, announced to screen readers)
 * or with its Move up / Move down buttons. Only the tasks whose order changed are saved; when someone else changed a
 * task first, nothing is saved, the screen says so and shows the latest. Everyone else of the organization reads them.
 */
export function ManageTasksPage() {
  const { organizationId = '' } = useParams();
  const viewerQuery = useManageTasksViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer
    ? canViewOrganizationTasks({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions) &&
      (viewer.isAdmin || viewer.organization?.id === organizationId)
    : false;
  const canManage = viewer ? canManageOrganizationTasks(viewer.isAdmin, viewer.permissions) : false;
  const [cycleId, setCycleId] = useState<string>(ALL);
  const [equipmentTypeId, setEquipmentTypeId] = useState<string>(ALL);
  const filter = { cycleId: cycleId || null, equipmentTypeId: equipmentTypeId || null };
  const { data, previousData, loading, error, refetch } = useManageTasksPageQuery({
    variables: { organizationId, ...filter },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  // While another filter's list loads, the last one stays (the selects keep their place).
  const shown = data ?? previousData;
  const organization = shown?.organization;
  const tasks = useMemo(() => organization?.tasks.nodes ?? [], [organization?.tasks.nodes]);
  const groups = useMemo(() => groupTasksByGroup(tasks), [tasks]);
  /** The arrangement of one group being saved, shown until the saved order comes back. */
  const [arranged, setArranged] = useState<{ key: string; tasks: Task[] } | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const reorder = useReorderTasks();
  const setStatus = useSetTaskStatus();
  const reload = () => void refetch().catch(() => undefined);

  /** What a change's refusal or failure tells the user; a stale one reads the tasks again. */
  const settle = (result: TaskChangeResult) => {
    if (result.status === 'saved' || result.status === 'signedOut') return;
    if (result.status === 'stale') {
      setNotice({ color: 'orange', text: result.message });
      reload();
      return;
    }
    setNotice({ color: 'red', text: result.message });
  };

  const arrange = async (key: string, next: Task[]) => {
    setNotice(null);
    setArranged({ key, tasks: next });
    setBusy(true);
    const result = await reorder(next);
    setBusy(false);
    setArranged(null);
    settle(result);
  };

  const changeStatus = async (task: Task, status: TaskStatus) => {
    if (status === task.status) return;
    setNotice(null);
    setBusy(true);
    const result = await setStatus(task, status);
    setBusy(false);
    if (result.status === 'saved') setNotice({ color: 'green', text: `${task.label} is now ${STATUS_OPTIONS.find((o) => o.value === status)!.label}.` });
    settle(result);
  };

  const cycles = shown?.cycles ?? [];
  const equipment = organization?.taskEquipmentChoices ?? [];

  return (
    <>
      <TopBar
        title="Tasks"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          canManage && organization ? <AddButton label="Add Task" onClick={() => setOpen({ kind: 'add' })} /> : null
        }
      />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="tasks" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={shown} loading={loading} error={error} found={organization} onRetry={reload}
            notAvailable="An organization's tasks are managed by administrators and by the users of the organization."
            notFound="There is no such organization, or it is not one of yours."
          />
          {organization && (
            <>
              <div>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {organization.name}
                </Text>
                <Text size="sm" c="dimmed">
                  Active tasks appear in walkabouts; paused ones are removed and shown as P on reports, inactive ones as X. Changes reach current walkabouts after
                  Create Current Walkabouts.
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Cycle"
                  data={[{ value: ALL, label: 'All cycles' }, ...cycles.map((cycle) => ({ value: cycle.id, label: cycle.name }))]}
                  value={cycleId}
                  allowDeselect={false}
                  onChange={(value) => setCycleId(value ?? ALL)}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  label="Equipment type"
                  searchable
                  nothingFoundMessage="No results found"
                  data={[{ value: ALL, label: 'All types' }, ...equipment.map((choice) => ({ value: choice.id, label: choice.name }))]}
                  value={equipmentTypeId}
                  allowDeselect={false}
                  onChange={(value) => setEquipmentTypeId(value ?? ALL)}
                  comboboxProps={{ withinPortal: true }}
                />
              </SimpleGrid>
              {error && shown && (
                <Alert role="alert" color="red" variant="light">
                  The tasks could not be loaded again. The list below may be out of date.{' '}
                  <Button variant="subtle" size="compact-sm" onClick={reload}>
                    Retry
                  </Button>
                </Alert>
              )}
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {organization.tasks.pageInfo.hasNextPage && (
                <Alert color="blue" variant="light">
                  Showing {tasks.length} of {organization.tasks.pageInfo.totalCount} tasks: choose a cycle or an equipment type to see the others.
                </Alert>
              )}
              {tasks.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={canManage ? 'Add a task with the Add Task button.' : undefined} />
                </Center>
              ) : (
                groups.map((group) => {
                  const key = group.name ?? '';
                  const rows = arranged?.key === key ? arranged.tasks : group.tasks;
                  const headingId = `task-group-${encodeURIComponent(key || 'none')}`;
                  const move = (from: number, to: number) => void arrange(key, moveItem(rows, from, to));
                  return (
                    <section key={key} aria-labelledby={headingId}>
                      <Title order={2} size="h4" id={headingId} mb="xs" style={{ overflowWrap: 'anywhere' }}>
                        {group.heading}
                      </Title>
                      <SortableList items={rows.map((task) => ({ id: task.id, name: task.label }))} instructions={dragInstructions('task', ' within its group')} disabled={!canManage || busy} onMove={move}>
                        <Stack component="ol" gap="xs" aria-labelledby={headingId} aria-busy={busy} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                          {rows.map((task, index) => (
                            <TaskRow
                              key={task.id}
                              task={task}
                              first={index === 0}
                              last={index === rows.length - 1}
                              canManage={canManage}
                              busy={busy}
                              onUp={() => move(index, index - 1)}
                              onDown={() => move(index, index + 1)}
                              onEdit={() => setOpen({ kind: 'edit', task })}
                              onStatus={(status) => void changeStatus(task, status)}
                            />
                          ))}
                        </Stack>
                      </SortableList>
                    </section>
                  );
                })
              )}
            </>
          )}
        </Stack>
      </Container>
      {open && organization && (
        <TaskModal
          organizationId={organizationId}
          cycles={cycles}
          equipment={equipment}
          // The task as last read: after a stale save the tasks are read again, and the next save goes over the new version.
          task={open.kind === 'edit' ? (tasks.find((task) => task.id === open.task.id) ?? open.task) : null}
          filter={filter}
          onSaved={(label) => {
            setOpen(null);
            setNotice({ color: 'green', text: `${label} saved.` });
          }}
          onStale={reload}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

type RowProps = SortableRowProps & { task: Task; onStatus(status: TaskStatus): void };

function TaskRow({ task, first, last, canManage, busy, onUp, onDown, onEdit, onStatus }: RowProps) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow({ id: task.id, name: task.label }, !canManage || busy);
  const where = [task.cycleName, task.componentName ? `${task.equipmentTypeName} / ${task.componentName}` : task.equipmentTypeName];
  const withSelect = showsTaskStatusSelect(wire(task.parentStatus));
  return (
    <li ref={rowRef} style={rowStyle}>
      <Card withBorder radius="md" padding="sm" shadow={isDragging ? 'md' : undefined}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {canManage && <DragHandle {...handle} size="lg" />}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {task.label}
              </Text>
              {task.classification && (
                <Badge variant="light" color="gray" size="sm">
                  {task.classification.charAt(0) + task.classification.slice(1).toLowerCase()}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {where.join(' · ')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {taskSummary(task)}
            </Text>
            {task.description && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {task.description}
              </Text>
            )}
          </Stack>
          <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
            {withSelect && canManage ? (
              <NativeSelect
                aria-label={`Status of ${task.label}`}
                size="xs"
                data={STATUS_OPTIONS}
                value={task.status}
                disabled={busy}
                onChange={(event) => onStatus(event.currentTarget.value as TaskStatus)}
              />
            ) : (
              <Text size="sm" c={task.status === 'ACTIVE' && withSelect ? undefined : 'dimmed'} aria-label={`Status of ${task.label}`}>
                {withSelect ? task.statusDisplayName : parentStatusText(wire(task.parentStatus))}
              </Text>
            )}
            {canManage && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" size="lg" aria-label={`Move ${task.label} up`} disabled={first || busy} onClick={onUp}>
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" size="lg" aria-label={`Move ${task.label} down`} disabled={last || busy} onClick={onDown}>
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${task.label}`} aria-haspopup="dialog" onClick={onEdit}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Group>
            )}
          </Stack>
        </Group>
      </Card>
    </li>
  );
}
