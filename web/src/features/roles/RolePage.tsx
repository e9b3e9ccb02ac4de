import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Checkbox, Container, Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  ADMIN_ROLE_LOCKED_MESSAGE,
  NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE,
  ROLE_NAME_TAKEN_MESSAGE,
  canUpdateRoles,
  permissionFlags,
  permissionGroups,
  reminderOffsetText,
  validateRoleName,
  type PermissionGroupName,
} from '@fsi/shared';
import type { RoleInput } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { IconPencil, IconPlus, IconTrash } from '../../ui/icons';
import { actorOf, isOfOrganization } from '../users/actor';
import { useRolePageQuery, useRoleViewerQuery, type RoleForm_RoleFragment, type RoleFormChoicesFragment, type RoleViewerQuery } from './Roles.generated';
import { ReminderSheet, type Reminder } from './ReminderSheet';
import { useRoleMutations } from './useRoleMutations';
import { ScreenStates } from '../../ui/ScreenStates';
import { SheetActions } from '../reports/SheetActions';
import { useFormSheetStatus, type FormSheetBinding } from '../../ui/FormSheet';

type Groups = Record<PermissionGroupName, Record<string, boolean>>;
type Form = {
  name: string;
  groups: Groups;
  assignableRoleIds: string[];
  walkaboutEquipmentIds: string[];
  reportDefinitionIds: string[];
  reportBookletTemplateIds: string[];
  reminders: Reminder[];
};

/** The Role form's sections (section 2), each with the permission groups it shows. */
const SECTIONS: Array<{ legend: string; group: PermissionGroupName }> = [
  { legend: 'Building', group: 'buildingPermissions' },
  { legend: 'Report Permissions', group: 'reportPermissions' },
  { legend: 'Failure Reports', group: 'failureReportPermissions' },
  { legend: 'Walkabout Permissions', group: 'walkaboutPermissions' },
  { legend: 'User', group: 'userPermissions' },
  { legend: 'User Role', group: 'rolePermissions' },
  { legend: 'Location', group: 'locationPermissions' },
  { legend: 'Organization', group: 'organizationPermissions' },
  { legend: 'Automatic Report Emails', group: 'automaticReportEmailsPermissions' },
];
/** A permission's key in words: 'handleUnavailableQRCodes' reads 'Handle Unavailable QR Codes', 'assignQrCode' 'Assign QR Code'. */
const permissionLabel = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/\bQr\b/g, 'QR');

/** The form of a saved role, or of a new one: no name, no permission, nothing chosen. */
function formOf(role: RoleForm_RoleFragment | null): Form {
  const groups = Object.fromEntries(
    Object.entries(permissionGroups).map(([group, keys]) => [
      group,
      Object.fromEntries(keys.map((key) => [key, Boolean(role && (role[group as PermissionGroupName] as Record<string, boolean>)[key])])),
    ]),
  ) as Groups;
  return {
    name: role?.name ?? '',
    groups,
    assignableRoleIds: [...(role?.assignableRoleIds ?? [])],
    walkaboutEquipmentIds: [...(role?.walkaboutEquipmentIds ?? [])],
    reportDefinitionIds: [...(role?.reportDefinitionIds ?? [])],
    reportBookletTemplateIds: [...(role?.reportBookletTemplateIds ?? [])],
    reminders: (role?.incompleteWalkaboutReminderSubscriptions ?? []).map((s) => ({ cycleId: s.cycleId, offsetValue: s.offsetValue, offsetUnit: s.offsetUnit })),
  };
}

/** A group of checkboxes choosing ids, with the server's message under it. */
function ChoiceList(props: {
  label: string;
  choices: Array<{ id: string; label: string; description?: string }>;
  chosen: string[];
  disabled: boolean;
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { label, choices, chosen, disabled, error, onChange } = props;
  return (
    <Checkbox.Group label={label} value={chosen} onChange={onChange} error={error}>
      <Stack gap={6} mt={4}>
        {choices.length === 0 && (
          <Text size="sm" c="dimmed">
            None in this organization.
          </Text>
        )}
        {choices.map((c) => (
          <Checkbox key={c.id} value={c.id} label={c.label} description={c.description} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <Stack gap="xs">{children}</Stack>
    </Fieldset>
  );
}

/**
 * /manage/organization/{organizationId}/user-roles/{userRoleId}, the Role form (admin-people-schedules.md sections 2, 4,
 * 6): every permission group, the Fire Watch Start/Stop toggle setting create and update together, incomplete walkabout
 * reminder subscriptions through their sheet, Walkabout Equipment Permissions with Select All, and the roles this role
 * may assign. Read-only without update-roles and for the locked Admin role; a permission the viewer does not hold is
 * not theirs to give (the server refuses it too). After save the app goes to the roles list.
 */
export function RolePage() {
  const { organizationId = '', userRoleId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useRoleViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const actor = viewer ? actorOf(viewer) : null;
  const allowed = viewer ? isOfOrganization(viewer, organizationId) : false;
  const { data, loading, error, refetch } = useRolePageQuery({ variables: { id: userRoleId, organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const role = data?.role ?? null;
  const listPath = `/manage/organization/${organizationId}/user-roles`;

  return (
    <>
      <TopBar title={role?.name ?? 'User Role'} back={{ label: 'User Roles', to: listPath }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="role" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={role} onRetry={() => void refetch().catch(() => undefined)}
            notAvailable="Roles are edited by administrators and by the users of their organization."
            notFound="There is no such role, or it is not one of your organization."
          />
          {role && data && viewer && actor && (
            <RoleForm
              key={role.id}
              organizationId={organizationId}
              role={role}
              choices={data}
              viewer={viewer}
              editable={canUpdateRoles(actor) && !role.isLocked}
              readOnlyNotice={role.isLocked ? ADMIN_ROLE_LOCKED_MESSAGE : !canUpdateRoles(actor) ? NOT_ALLOWED_TO_UPDATE_ROLES_MESSAGE : null}
              onSaved={() => navigate(listPath)}
              onCancel={() => navigate(listPath)}
              onStale={() => void refetch().catch(() => undefined)}
            />
          )}
        </Stack>
      </Container>
    </>
  );
}

type RoleFormProps = {
  organizationId: string;
  /** null: the New Role sheet's role, which its save creates. */
  role: RoleForm_RoleFragment | null;
  choices: RoleFormChoicesFragment;
  viewer: NonNullable<RoleViewerQuery['viewer']>;
  editable: boolean;
  /** Why the form is read-only, when it is. */
  readOnlyNotice?: string | null;
  onSaved(id: string): void;
  onCancel(): void;
  /** A save refused as stale: the page reloads the role. */
  onStale?: () => void;
  /** In the New Role sheet: its header has Cancel and Save, so the form has none. */
  sheet?: FormSheetBinding;
};

/**
 * The Role form, on a role's page and in the New Role sheet (section 2, Modal sheets: name, permission toggles,
 * assignable roles, report definitions, booklet templates, equipment and reminder subscriptions). A new role's
 * reminders are added once it is saved (section 4: a subscription needs the role to exist).
 */
export function RoleForm({ organizationId, role, choices, viewer, editable, readOnlyNotice = null, onSaved, onCancel, onStale, sheet }: RoleFormProps) {
  const [form, setForm] = useState<Form>(() => formOf(role));
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ color: 'red' | 'orange'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [reminderSheet, setReminderSheet] = useState<{ initial: Reminder | null } | null>(null);
  const { create, update } = useRoleMutations();
  useFormSheetStatus(sheet, !editable || Boolean(validateRoleName(form.name)), saving);
  const nameId = useId();
  /** A permission is the viewer's to give when a flag it grants is theirs (administrators: all). */
  const held = (group: string, key: string) =>
    Boolean(viewer?.isAdmin || Object.entries(permissionFlags).some(([flag, sources]) => sources.some(([g, k]) => g === group && k === key) && (viewer?.permissions as Record<string, boolean> | undefined)?.[flag]));
  const toggle = (group: PermissionGroupName, keys: string[], on: boolean) =>
    setForm((current) => ({ ...current, groups: { ...current.groups, [group]: { ...current.groups[group], ...Object.fromEntries(keys.map((k) => [k, on])) } } }));
  const canToggle = (group: PermissionGroupName, key: string) => editable && (form.groups[group][key] || held(group, key));
  const cycles = choices.cycles;
  const equipment = choices.organization?.taskEquipmentChoices ?? [];
  const definitions = choices.organization?.allReportDefinitions ?? [];
  const booklets = choices.organization?.allReportBookletTemplates ?? [];
  const [listErrors, setListErrors] = useState<Partial<Record<'reportDefinitionIds' | 'reportBookletTemplateIds', string>>>({});
  const cycleName = (id: string) => cycles.find((c) => c.id === id)?.name ?? `Cycle ${id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    if (validateRoleName(form.name)) return setNameError(validateRoleName(form.name));
    const input: RoleInput = {
      name: form.name.trim(),
      ...form.groups,
      assignableRoleIds: form.assignableRoleIds,
      walkaboutEquipmentIds: form.walkaboutEquipmentIds,
      reportDefinitionIds: form.reportDefinitionIds,
      reportBookletTemplateIds: form.reportBookletTemplateIds,
      incompleteWalkaboutReminderSubscriptions: form.reminders,
    };
    setSaving(true);
    setNotice(null);
    setNameError(null);
    setListErrors({});
    const result = role ? await update(role.id, input, role.version) : await create({ organizationId, ...input });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(result.id);
    if (result.status === 'failed') return setNotice({ color: 'red', text: result.message });
    const name = result.errors.find((e) => e.field === 'name');
    if (name) {
      setNameError(name.code === 'CONFLICT' ? ROLE_NAME_TAKEN_MESSAGE : name.message);
      document.getElementById(nameId)?.focus();
    }
    const lists = result.errors.filter((e) => e.field === 'reportDefinitionIds' || e.field === 'reportBookletTemplateIds');
    setListErrors(Object.fromEntries(lists.map((e) => [e.field, e.message])));
    const others = result.errors.filter((e) => e.field !== 'name' && !lists.includes(e));
    if (others.length) setNotice({ color: others.some((e) => e.code === 'STALE') ? 'orange' : 'red', text: others.map((e) => e.message).join(' ') });
    if (others.some((e) => e.code === 'STALE')) onStale?.();
  };

  const checkbox = (group: PermissionGroupName, key: string, text = permissionLabel(key)) => (
    <Checkbox key={`${group}.${key}`} label={text} checked={form.groups[group][key] ?? false} disabled={!canToggle(group, key)} onChange={(event) => toggle(group, [key], event.currentTarget.checked)} />
  );

  return (
    <>
      <form id={sheet?.formId} onSubmit={(event) => void save(event)} noValidate aria-label={role ? 'Role' : 'New Role'}>
        <Stack gap="md">
          {readOnlyNotice && <Alert color="gray" variant="light">{readOnlyNotice}</Alert>}
          {notice && (
            <Alert role="alert" color={notice.color} variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
              {notice.text}
            </Alert>
          )}
          <TextInput
            id={nameId}
            label="Name"
            required
            value={form.name}
            readOnly={!editable}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
            error={nameError}
            // In the sheet typing starts here, also when the form mounts after the sheet opened (its choices load first).
            data-autofocus={sheet ? true : undefined}
            autoFocus={Boolean(sheet)}
          />
          {SECTIONS.slice(0, 1).map(({ legend, group }) => (
            <Section key={group} legend={legend}>
              {permissionGroups[group].map((key) => checkbox(group, key))}
            </Section>
          ))}
          <Section legend="Fire Watch">
            <Switch
              label="Start/Stop"
              checked={form.groups.fireWatchPermissions.create && form.groups.fireWatchPermissions.update}
              disabled={!canToggle('fireWatchPermissions', 'create') || !canToggle('fireWatchPermissions', 'update')}
              onChange={(event) => toggle('fireWatchPermissions', ['create', 'update'], event.currentTarget.checked)}
            />
            {checkbox('fireWatchPermissions', 'viewReports', 'View Reports')}
          </Section>
          <Section legend="Incomplete Walkabout Reminder Subscriptions">
            {form.reminders.length === 0 && (
              <Text size="sm" c="dimmed">
                {role ? 'No reminders.' : 'Reminders can be added once the role is saved.'}
              </Text>
            )}
            {form.reminders.map((reminder) => (
              <Group key={reminder.cycleId} justify="space-between" wrap="nowrap">
                <Text>
                  {cycleName(reminder.cycleId)}: {reminderOffsetText(reminder.offsetValue, reminder.offsetUnit)}
                </Text>
                {editable && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit the reminder of ${cycleName(reminder.cycleId)}`} onClick={() => setReminderSheet({ initial: reminder })}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove the reminder of ${cycleName(reminder.cycleId)}`} onClick={() => setForm({ ...form, reminders: form.reminders.filter((r) => r.cycleId !== reminder.cycleId) })}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            ))}
            {editable && role && (
              <Group>
                <Button variant="default" size="xs" leftSection={<IconPlus size={16} />} disabled={cycles.every((c) => form.reminders.some((r) => r.cycleId === c.id))} onClick={() => setReminderSheet({ initial: null })}>
                  Add Reminder
                </Button>
              </Group>
            )}
          </Section>
          {SECTIONS.slice(1, 2).map(({ legend, group }) => (
            <Section key={group} legend={legend}>
              {permissionGroups[group].map((key) => checkbox(group, key))}
            </Section>
          ))}
          {form.groups.reportPermissions.walkabout && (
            <Section legend="Walkabout Report and Booklet Permissions">
              <Text size="sm" c="dimmed">
                The reports and booklets this role shows its users. None chosen: all of them.
              </Text>
              <ChoiceList
                label="Reports"
                choices={definitions.map((d) => ({ id: d.id, label: d.name, description: d.cycleName }))}
                chosen={form.reportDefinitionIds}
                disabled={!editable}
                error={listErrors.reportDefinitionIds}
                onChange={(ids) => setForm({ ...form, reportDefinitionIds: ids })}
              />
              <ChoiceList
                label="Report Booklets"
                choices={booklets.map((b) => ({ id: b.id, label: b.name }))}
                chosen={form.reportBookletTemplateIds}
                disabled={!editable}
                error={listErrors.reportBookletTemplateIds}
                onChange={(ids) => setForm({ ...form, reportBookletTemplateIds: ids })}
              />
            </Section>
          )}
          <Section legend="Walkabout Equipment Permissions">
            <Checkbox
              label="Select All"
              checked={equipment.length > 0 && equipment.every((e) => form.walkaboutEquipmentIds.includes(e.id))}
              indeterminate={form.walkaboutEquipmentIds.length > 0 && !equipment.every((e) => form.walkaboutEquipmentIds.includes(e.id))}
              disabled={!editable}
              onChange={(event) => setForm({ ...form, walkaboutEquipmentIds: event.currentTarget.checked ? equipment.map((e) => e.id) : [] })}
            />
            {equipment.map((e) => (
              <Checkbox
                key={e.id}
                label={e.name}
                checked={form.walkaboutEquipmentIds.includes(e.id)}
                disabled={!editable}
                onChange={(event) => setForm({ ...form, walkaboutEquipmentIds: event.currentTarget.checked ? [...form.walkaboutEquipmentIds, e.id] : form.walkaboutEquipmentIds.filter((id) => id !== e.id) })}
              />
            ))}
          </Section>
          {SECTIONS.slice(2, 5).map(({ legend, group }) => (
            <Section key={group} legend={legend}>
              {permissionGroups[group].map((key) => checkbox(group, key))}
            </Section>
          ))}
          <Section legend="User Role Assignment">
            {(choices.organization?.roles ?? []).map((r) => (
              <Checkbox
                key={r.id}
                label={r.name}
                checked={form.assignableRoleIds.includes(r.id)}
                disabled={!editable}
                onChange={(event) => setForm({ ...form, assignableRoleIds: event.currentTarget.checked ? [...form.assignableRoleIds, r.id] : form.assignableRoleIds.filter((id) => id !== r.id) })}
              />
            ))}
          </Section>
          {SECTIONS.slice(5).map(({ legend, group }) => (
            <Section key={group} legend={legend}>
              {permissionGroups[group].map((key) => checkbox(group, key))}
            </Section>
          ))}
          {editable && !sheet && (
            <SheetActions failure={null} busy={saving} submitLabel="Save" onCancel={onCancel} />
          )}
        </Stack>
      </form>
      {reminderSheet && (
        <ReminderSheet
          cycles={cycles}
          taken={form.reminders.map((r) => r.cycleId)}
          initial={reminderSheet.initial}
          onCancel={() => setReminderSheet(null)}
          onDone={(value) => {
            // Saving one replaces any existing subscription for that cycle (section 4).
            const rest = form.reminders.filter((r) => r.cycleId !== value.cycleId && r.cycleId !== reminderSheet.initial?.cycleId);
            setForm({ ...form, reminders: [...rest, value] });
            setReminderSheet(null);
          }}
        />
      )}
    </>
  );
}
