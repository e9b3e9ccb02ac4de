import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH } from '@fsi/shared';
import { validateEquipmentType } from '@fsi/shared/equipment-types';
import type { ManageTypes_TypeFragment } from './ManageTypesPage.generated';
import type { EquipmentComponentInput } from '../../generated/schema';
import { useIsPhone } from '../../ui/phone';
import { IconPlus, IconTrash } from '../../ui/icons';
import { SheetActions } from '../reports/SheetActions';
import { useSaveEquipmentType } from './useTypeMutations';

type GroupRow = { key: number; taskGroupId: string; from: number | ''; to: number | '' };
type ComponentRow = { key: number; id: string | null; name: string; aliasName: string; disabled: boolean; groups: GroupRow[] };

type Props = {
  organizationId: string;
  /** The type to edit; null adds one. */
  type: ManageTypes_TypeFragment | null;
  /** The organization's tasks groups to choose from. */
  taskGroups: ReadonlyArray<{ id: string; name: string }>;
  onSaved(name: string): void;
  /** A stale save: the screen reads the types again, the form keeps what was typed. */
  onStale(): void;
  onClose(): void;
};

let nextKey = 1;
const key = () => nextKey++;
const emptyGroup = (): GroupRow => ({ key: key(), taskGroupId: '', from: '', to: '' });

function rowsOf(type: ManageTypes_TypeFragment | null): { withComponents: boolean; components: ComponentRow[] } {
  if (!type || type.components.length === 0) return { withComponents: false, components: [{ key: key(), id: null, name: '', aliasName: '', disabled: false, groups: [emptyGroup()] }] };
  const components = [...type.components]
    .sort((a, b) => a.order - b.order)
    .map((c) => ({
      key: key(),
      id: c.id,
      name: c.name,
      aliasName: c.aliasName ?? '',
      disabled: c.disabled,
      groups: [...c.taskGroups].sort((a, b) => a.order - b.order).map((g) => ({ key: key(), taskGroupId: g.taskGroupId, from: g.from ?? '', to: g.to ?? '' }) as GroupRow),
    }));
  return { withComponents: !(components.length === 1 && type.components[0]!.implicit), components };
}

const bound = (value: number | '') => (value === '' ? null : value);

/**
 * Add New Type / Edit Type (admin-organizations-buildings.md sections 2 and 5): the type's name and alias (not
 * editable once the type exists), and either its tasks groups, each with an optional from/to part of the group, or its
 * components, each with a name and at least one group. The rules of @fsi/shared are checked as the user types once a
 * save was tried, and by the server; every failure is said in the form, which keeps what the user typed.
 */
export function TypeModal({ organizationId, type, taskGroups, onSaved, onStale, onClose }: Props) {
  const isPhone = useIsPhone();
  const initial = rowsOf(type);
  const [name, setName] = useState(type?.name ?? '');
  const [aliasName, setAliasName] = useState(type?.aliasName ?? '');
  const [withComponents, setWithComponents] = useState(initial.withComponents);
  const [components, setComponents] = useState<ComponentRow[]>(initial.components);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = useSaveEquipmentType(organizationId);

  const input = (): EquipmentComponentInput[] =>
    components.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: withComponents ? c.name.trim() : '',
      aliasName: withComponents ? c.aliasName.trim() || null : null,
      disabled: c.disabled,
      taskGroups: c.groups.map((g) => ({ taskGroupId: g.taskGroupId || null, from: bound(g.from), to: bound(g.to) })),
    }));
  const problems = () =>
    validateEquipmentType({
      name,
      aliasName,
      components: input().map((c) => ({ name: c.name, aliasName: c.aliasName, groups: c.taskGroups.map((g) => ({ groupId: g.taskGroupId, from: g.from, to: g.to })) })),
    });
  const shown: Record<string, string> = { ...serverErrors };
  if (tried) for (const problem of problems()) shown[problem.field] ??= problem.message;

  const change = (update: (rows: ComponentRow[]) => ComponentRow[]) => {
    setComponents(update);
    setServerErrors({});
  };
  const changeComponent = (index: number, patch: Partial<ComponentRow>) => change((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const changeGroup = (index: number, groupIndex: number, patch: Partial<GroupRow>) =>
    change((rows) => rows.map((row, i) => (i === index ? { ...row, groups: row.groups.map((g, j) => (j === groupIndex ? { ...g, ...patch } : g)) } : row)));

  const addComponent = () => {
    if (!withComponents) {
      setWithComponents(true);
      return;
    }
    change((rows) => [...rows, { key: key(), id: null, name: '', aliasName: '', disabled: false, groups: [emptyGroup()] }]);
  };
  const removeComponent = (index: number) => {
    if (components.length === 1) {
      setWithComponents(false);
      return;
    }
    change((rows) => rows.filter((_, i) => i !== index));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerErrors({});
    setFailure(null);
    if (problems().length) return;
    setSaving(true);
    const result = await save({ name, aliasName, components: input() }, type ? { id: type.id, version: type.version } : null);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(name.trim());
    if (result.status === 'failed') return setFailure(result.message);
    const placed: Record<string, string> = {};
    const general: string[] = [];
    for (const error of result.errors) {
      if (error.field && error.field !== 'version' && error.field !== 'id') placed[error.field] = error.message;
      else general.push(error.message);
    }
    setServerErrors(placed);
    setFailure(general.length ? general.join(' ') : null);
    if (result.stale) onStale();
  };

  const groupChoices = [{ value: '', label: 'Choose a tasks group' }, ...taskGroups.map((g) => ({ value: g.id, label: g.name }))];

  const groupsEditor = (component: ComponentRow, index: number, title: string) => (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {component.groups.map((group, j) => {
        const at = `components.${index}.groups.${j}`;
        return (
          <Group key={group.key} gap="xs" align="flex-start" wrap="wrap">
            <NativeSelect
              label={`Tasks group ${j + 1}`}
              style={{ flex: '1 1 200px' }}
              data={groupChoices}
              value={group.taskGroupId}
              error={shown[`${at}.taskGroupId`] ?? shown[`${at}.groupId`]}
              onChange={(event) => changeGroup(index, j, { taskGroupId: event.currentTarget.value })}
            />
            <NumberInput label="From" w={90} min={1} allowDecimal={false} value={group.from} error={shown[`${at}.from`]} onChange={(value) => changeGroup(index, j, { from: value === '' ? '' : Number(value) })} />
            <NumberInput label="To" w={90} min={1} allowDecimal={false} value={group.to} error={shown[`${at}.to`]} onChange={(value) => changeGroup(index, j, { to: value === '' ? '' : Number(value) })} />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Remove tasks group ${j + 1}${withComponents ? ` of ${component.name || `component ${index + 1}`}` : ''}`}
              onClick={() => change((rows) => rows.map((row, i) => (i === index ? { ...row, groups: row.groups.filter((_, k) => k !== j) } : row)))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      {shown[`components.${index}.groups`] && (
        <Text size="sm" c="red" role="alert">
          {shown[`components.${index}.groups`]}
        </Text>
      )}
      <Group>
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => change((rows) => rows.map((row, i) => (i === index ? { ...row, groups: [...row.groups, emptyGroup()] } : row)))}>
          Add group
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={type ? 'Edit Type' : 'Add New Type'} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Equipment name"
            required
            maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
            value={name}
            disabled={type !== null}
            error={shown.name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <TextInput label="Alias name" maxLength={ADMIN_TEXT_MAX_LENGTH + 1} value={aliasName} disabled={type !== null} error={shown.aliasName} onChange={(event) => setAliasName(event.currentTarget.value)} />
          {!withComponents && groupsEditor(components[0]!, 0, 'Tasks groups')}
          {withComponents &&
            components.map((component, index) => (
              <Card key={component.key} withBorder padding="sm" radius="md">
                <Stack gap="xs">
                  <Group gap="xs" align="flex-start" wrap="wrap">
                    <TextInput
                      label={`Component ${index + 1} name`}
                      required
                      style={{ flex: '1 1 200px' }}
                      maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
                      value={component.name}
                      error={shown[`components.${index}.name`]}
                      onChange={(event) => changeComponent(index, { name: event.currentTarget.value })}
                    />
                    <TextInput
                      label={`Component ${index + 1} alias`}
                      style={{ flex: '1 1 140px' }}
                      maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
                      value={component.aliasName}
                      error={shown[`components.${index}.aliasName`]}
                      onChange={(event) => changeComponent(index, { aliasName: event.currentTarget.value })}
                    />
                    <ActionIcon variant="subtle" color="red" size="lg" mt={24} aria-label={`Remove component ${component.name || index + 1}`} onClick={() => removeComponent(index)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                  {groupsEditor(component, index, `Tasks groups of ${component.name || `component ${index + 1}`}`)}
                </Stack>
              </Card>
            ))}
          {shown.components && (
            <Alert role="alert" color="red" variant="light">
              {shown.components}
            </Alert>
          )}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addComponent}>
              Add component
            </Button>
          </Group>
          <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
