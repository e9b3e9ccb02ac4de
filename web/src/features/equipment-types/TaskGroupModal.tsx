import { useId, useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Checkbox, Group, Modal, NativeSelect, ScrollArea, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH } from '@fsi/shared';
import { matchesTaskSearch, sameNameRefusal, validateTaskGroup } from '@fsi/shared/equipment-types';
import type { ManageTaskGroups_TaskFragment } from './ManageTaskGroupsPage.generated';
import { useIsPhone } from '../../ui/phone';
import { IconArrowDown, IconArrowUp, IconTrash } from '../../ui/icons';
import { SheetActions } from '../reports/SheetActions';
import { useSaveTaskGroup } from './useTaskGroupMutations';

type Task = ManageTaskGroups_TaskFragment;
type Props = {
  organizationId: string;
  /** The group to edit; null adds one. */
  group: { id: string; name: string; version: number; tasks: readonly Task[] } | null;
  /** Every task of the organization. */
  choices: readonly Task[];
  onSaved(name: string): void;
  onStale(): void;
  onClose(): void;
};

/** The cycles of the tasks, first seen first (the cycle select's options; the first is chosen by default). */
function cyclesOf(tasks: readonly Task[]): Array<{ value: string; label: string }> {
  const seen = new Map<string, string>();
  for (const task of [...tasks].sort((a, b) => Number(a.cycleId) - Number(b.cycleId))) if (!seen.has(task.cycleId)) seen.set(task.cycleId, task.cycleName);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * Add New Tasks Group / Edit Tasks Group (admin-organizations-buildings.md sections 2, 4 and 5): the group's name, a
 * cycle (the first by default) that filters the tasks offered, a search by task or group name (any case), and the
 * chosen tasks in order. A task whose name is already chosen cannot be chosen ('Item with the same name is already
 * selected'), nor can a task that has the name of an inactive task. The rules are checked as the user types once a save was tried, and by the server; the form keeps what
 * the user typed on any failure.
 */
export function TaskGroupModal({ organizationId, group, choices, onSaved, onStale, onClose }: Props) {
  const isPhone = useIsPhone();
  const cycles = useMemo(() => cyclesOf(choices), [choices]);
  const [name, setName] = useState(group?.name ?? '');
  const [cycleId, setCycleId] = useState(cycles[0]?.value ?? '');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Task[]>(() => [...(group?.tasks ?? [])].sort((a, b) => a.order - b.order));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = useSaveTaskGroup(organizationId);
  const reasonId = useId();

  const problems = () => validateTaskGroup({ name, tasks: selected.map((t) => ({ id: t.id, label: t.label })) });
  const shown: Record<string, string> = { ...serverErrors };
  if (tried) for (const problem of problems()) shown[problem.field] ??= problem.message;
  const offered = choices.filter((task) => task.cycleId === cycleId && matchesTaskSearch({ label: task.label, groupName: task.groupName }, search));
  const isSelected = (task: Task) => selected.some((s) => s.id === task.id);
  const inactive = useMemo(() => choices.filter((task) => task.status === 'DISABLED').map((task) => ({ id: task.id, label: task.label })), [choices]);

  const toggle = (task: Task, checked: boolean) => {
    setServerErrors({});
    setSelected((current) => (checked ? [...current, task] : current.filter((s) => s.id !== task.id)));
  };
  const move = (from: number, to: number) =>
    setSelected((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerErrors({});
    setFailure(null);
    if (problems().length) return;
    setSaving(true);
    const result = await save(name, selected.map((task, order) => ({ id: task.id, order })), group ? { id: group.id, version: group.version } : null);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(name.trim());
    if (result.status === 'failed') return setFailure(result.message);
    const placed: Record<string, string> = {};
    const general: string[] = [];
    for (const error of result.errors) {
      if (error.field === 'name' || error.field === 'tasks') placed[error.field] = error.message;
      else general.push(error.message);
    }
    setServerErrors(placed);
    setFailure(general.length ? general.join(' ') : null);
    if (result.stale) onStale();
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={group ? 'Edit Tasks Group' : 'Add New Tasks Group'} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Tasks group name"
            required
            maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
            value={name}
            error={shown.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerErrors({});
            }}
            data-autofocus
          />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect label="Cycle" data={cycles} value={cycleId} onChange={(event) => setCycleId(event.currentTarget.value)} style={{ flex: '1 1 160px' }} />
            <TextInput label="Search tasks" description="By task or group name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} style={{ flex: '2 1 220px' }} />
          </Group>
          <VisuallyHidden id={reasonId}>Item with the same name is already selected</VisuallyHidden>
          <ScrollArea.Autosize mah={240} type="auto">
            <Stack gap={6} role="group" aria-label="Tasks to choose">
              {offered.length === 0 && (
                <Text size="sm" c="dimmed">
                  No results found
                </Text>
              )}
              {offered.map((task) => {
                const refusal = sameNameRefusal({ id: task.id, label: task.label }, selected.map((s) => ({ id: s.id, label: s.label })), inactive);
                const box = (
                  <Checkbox
                    label={`${task.label} · ${task.equipmentTypeName}${task.groupName ? ` · ${task.groupName} (Group)` : ''}`}
                    checked={isSelected(task)}
                    disabled={refusal !== null}
                    aria-describedby={refusal ? reasonId : undefined}
                    onChange={(event) => toggle(task, event.currentTarget.checked)}
                  />
                );
                return refusal ? (
                  <Tooltip key={task.id} label={refusal} events={{ hover: true, focus: true, touch: true }} position="top-start">
                    <div>{box}</div>
                  </Tooltip>
                ) : (
                  <div key={task.id}>{box}</div>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${reasonId}-chosen`}>
              Chosen tasks ({selected.length})
            </Text>
            <Stack component="ol" gap={4} aria-labelledby={`${reasonId}-chosen`} style={{ margin: 0, paddingLeft: 20 }}>
              {selected.map((task, index) => (
                <li key={task.id}>
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {task.label} <Text span c="dimmed" size="xs">({task.cycleName})</Text>
                    </Text>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Move ${task.label} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Move ${task.label} down`} disabled={index === selected.length - 1} onClick={() => move(index, index + 1)}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${task.label}`} onClick={() => toggle(task, false)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </li>
              ))}
            </Stack>
            {shown.tasks && (
              <Text size="sm" c="red" role="alert">
                {shown.tasks}
              </Text>
            )}
          </Stack>
          <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
