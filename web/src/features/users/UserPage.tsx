import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Checkbox, Container, Fieldset, Group, MultiSelect, NumberInput, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  AUTOMATIC_BOOKLETS_MESSAGE,
  AUTOMATIC_REPORTS_MESSAGE,
  CHANGE_PASSWORD_PROMPT,
  NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE,
  ONLY_PASSWORDS_MESSAGE,
  canAssignAnyRole,
  canAssignAutomaticEmails,
  canChangePassword,
  canChooseRegion,
  canEditBuildings,
  canEditSignature,
  canEditUserFields,
  canLeaveRegionEmpty,
  canSetActive,
  canToggleRoles,
  regionAndDescendants,
  regionTreeOptions,
} from '@fsi/shared';
import type { UserInput } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import { usePeopleViewerQuery, useUserPageQuery, type UserForm_UserFragment } from './Users.generated';
import { actorOf, isOfOrganization } from './actor';
import { useUserMutations } from './useUserMutations';
import { ScreenStates } from '../../ui/ScreenStates';

const TEXT_FIELDS = [
  ['username', 'Login ID'],
  ['securityEmail', 'Security Email'],
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
] as const;
const DETAIL_FIELDS = [
  ['title', 'Title'],
  ['companyName', 'Company Name'],
  ['cfaaTechnicianNumber', 'CFAA Technician Number'],
  ['signatureImageLink', 'Signature Image Link'],
] as const;
const ADDRESS_FIELDS = [
  ['street1', 'Street 1'],
  ['street2', 'Street 2'],
  ['city', 'City'],
  ['province', 'Province'],
  ['postalCode', 'Postal Code'],
] as const;
const CONTACT_FIELDS = [
  ['email', 'Email'],
  ['phone', 'Phone'],
] as const;
type TextKey = (typeof TEXT_FIELDS | typeof DETAIL_FIELDS | typeof ADDRESS_FIELDS | typeof CONTACT_FIELDS)[number][0];
const ALL_TEXT = [...TEXT_FIELDS, ...DETAIL_FIELDS, ...ADDRESS_FIELDS, ...CONTACT_FIELDS].map(([key]) => key);

type Form = Record<TextKey, string> & {
  regionId: string | null;
  buildingIds: string[];
  roleIds: string[];
  reminderBuildingIds: string[];
  notificationBuildingIds: string[];
  unsatisfactoryEquipmentIds: string[];
  notatedEquipmentIds: string[];
  reportDefinitionIds: string[];
  reportBookletIds: string[];
  walkaboutAutoSavePeriodMins: number;
  debugModeEnabled: boolean;
  networkSpeedMeasurementEnabled: boolean;
};

function formOf(user: UserForm_UserFragment): Form {
  const text = Object.fromEntries(ALL_TEXT.map((key) => [key, user[key] ?? ''])) as Record<TextKey, string>;
  return {
    ...text,
    regionId: user.regionId ?? null,
    buildingIds: [...user.buildingIds],
    roleIds: [...user.roleIds],
    reminderBuildingIds: [...user.subscriptions.incompleteWalkaboutReminderBuildingIds],
    notificationBuildingIds: [...user.subscriptions.incompleteWalkaboutNotificationsBuildingIds],
    unsatisfactoryEquipmentIds: [...user.subscriptions.unsatisfactoryEquipmentIds],
    notatedEquipmentIds: [...user.subscriptions.notatedEquipmentIds],
    reportDefinitionIds: [...user.reportDefinitionsForAutomaticDeliveryIds],
    reportBookletIds: [...user.reportBookletsForAutomaticDeliveryIds],
    walkaboutAutoSavePeriodMins: user.walkaboutAutoSavePeriodMins,
    debugModeEnabled: user.debugModeEnabled,
    networkSpeedMeasurementEnabled: user.networkSpeedMeasurementEnabled,
  };
}

type Choice = { id: string; name: string };

/**
 * A picker's options: the choices each once (sorted by name unless their own order is the one people know), then any
 * chosen id the viewer cannot see (a region user editing a user subscribed elsewhere) under a plain label, so that its
 * pill is not blank and saving keeps or drops it knowingly.
 */
function optionsOf(choices: readonly Choice[], chosen: readonly string[], unseen: string, sorted = true): { value: string; label: string }[] {
  const byId = new Map(choices.map((c) => [c.id, c.name]));
  const seen = [...byId].map(([value, label]) => ({ value, label }));
  if (sorted) seen.sort((a, b) => a.label.localeCompare(b.label));
  return [...seen, ...chosen.filter((id) => !byId.has(id)).map((id) => ({ value: id, label: `${unseen} ${id}` }))];
}

/** The server's answers for these fields are said at them (the gateway names them by the UserInput field). */
const PLACED_FIELDS = [...ALL_TEXT, 'regionId', 'buildingIds', 'roleIds', 'subscriptions', 'reportDefinitionsForAutomaticDeliveryIds', 'reportBookletsForAutomaticDeliveryIds'];

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

/**
 * /manage/organization/{organizationId}/user/{userId}, the User form (admin-people-schedules.md sections 2-6), also the
 * signed-in user's own page (the toolbar's Account). Fields are read-only unless the viewer may update users or edits
 * themself; with update-user-password only, only Change Password is offered. A self-edit never touches one's own
 * region, buildings or roles; region choices are the viewer's subtree, and changing the region narrows the buildings.
 * Automatic report emails are chosen by those who may assign them (or on one's own page); others read them with the
 * spec's two messages.
 * Refusals are said at their fields and the form keeps what was typed; after a save the app goes to ?backUrl= or the
 * users list.
 */
export function UserPage() {
  const { organizationId = '', userId = '' } = useParams();
  const [search] = useSearchParams();
  const usersPath = `/manage/organization/${organizationId}/users`;
  // Where Save, Cancel and Back go: ?backUrl= when it is a path of this app (the toolbar's Account sets the page it was
  // opened from), else the users list (section 2).
  const asked = search.get('backUrl');
  const backUrl = asked && /^\/(?![/\\])/.test(asked) ? asked : null;
  const leaveTo = backUrl ?? usersPath;
  const navigate = useNavigate();
  const viewerQuery = usePeopleViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const actor = viewer ? actorOf(viewer) : null;
  const allowed = Boolean(viewer && (isOfOrganization(viewer, organizationId) || viewer.id === userId));
  const { data, loading, error, refetch } = useUserPageQuery({ variables: { id: userId, organizationId, viewerId: viewer?.id ?? '' }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const user = data?.user ?? null;
  const [form, setForm] = useState<Form | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ color: 'red' | 'orange' | 'green'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [password, setPassword] = useState('');
  const mutations = useUserMutations();
  useEffect(() => {
    if (user && !form) setForm(formOf(user));
  }, [user, form]);

  const regions = useMemo(() => (data?.regions ?? []).map((r) => ({ id: Number(r.id), name: r.name, parentId: r.parent ? Number(r.parent.id) : null })), [data?.regions]);
  const id = Number(userId);
  const self = actor?.userId === id;
  const editable = Boolean(actor && canEditUserFields(actor, id));
  const passwordOnly = Boolean(actor && !editable && canChangePassword(actor, id));
  const regionEditable = Boolean(actor && editable && canChooseRegion(actor, id) && (!self || actor.isAdmin));
  const buildingsEditable = Boolean(actor && editable && canEditBuildings(actor, id));
  const rolesEditable = Boolean(actor && editable && canToggleRoles(actor, id));
  const viewerRegion = viewer?.region ? Number(viewer.region.id) : null;
  const regionOptions = regionTreeOptions(viewer && !viewer.isAdmin && viewerRegion !== null ? regions.filter((r) => regionAndDescendants(regions, viewerRegion).includes(r.id)) : regions).map((o) => ({ value: String(o.id), label: o.label }));
  const noneAllowed = actor ? canLeaveRegionEmpty(actor) : false;
  const subtree = form?.regionId ? regionAndDescendants(regions, Number(form.regionId)).map(String) : null;
  const buildings = (data?.buildings.nodes ?? []).filter((b) => !subtree || (b.region && subtree.includes(b.region.id)));
  const buildingOptions = buildings.map((b) => ({ value: b.id, label: b.name }));
  const assignable = new Set((data?.me?.roles ?? []).flatMap((r) => r.assignableRoleIds));
  // Section 6: automatic report emails need the assign permission, or one's own page (and a form that can be saved).
  const mayAssignEmails = Boolean(actor && canAssignAutomaticEmails(actor, id));
  const emailsEditable = editable && mayAssignEmails;
  const equipmentOptions = (chosen: string[]) => optionsOf(data?.organization?.equipmentTypes ?? [], chosen, 'Equipment type', false);
  const reportOptions = optionsOf(data?.organization?.allReportDefinitions ?? [], form?.reportDefinitionIds ?? [], 'Report');
  const bookletOptions = optionsOf(data?.organization?.allReportBookletTemplates ?? [], form?.reportBookletIds ?? [], 'Report booklet');

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => (current ? { ...current, [key]: value } : current));
  const chooseRegion = (regionId: string | null) => {
    // Section 4: changing the region keeps only the buildings of that region and its sub-regions.
    const inRegion = regionId ? regionAndDescendants(regions, Number(regionId)).map(String) : null;
    const kept = (ids: string[]) => (inRegion ? ids.filter((bid) => inRegion.includes((data?.buildings.nodes ?? []).find((b) => b.id === bid)?.region?.id ?? '')) : ids);
    setForm((current) => (current ? { ...current, regionId, buildingIds: kept(current.buildingIds) } : current));
  };

  const done = () => navigate(leaveTo);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !user || !actor) return;
    const input: UserInput = Object.fromEntries(ALL_TEXT.filter((key) => key !== 'signatureImageLink' || canEditSignature(actor)).map((key) => [key, form[key] === '' ? null : form[key]]));
    if (!input.username) input.username = user.username;
    input.walkaboutAutoSavePeriodMins = form.walkaboutAutoSavePeriodMins;
    input.debugModeEnabled = form.debugModeEnabled;
    input.networkSpeedMeasurementEnabled = form.networkSpeedMeasurementEnabled;
    input.subscriptions = {
      incompleteWalkaboutReminderBuildingIds: form.reminderBuildingIds,
      incompleteWalkaboutNotificationsBuildingIds: form.notificationBuildingIds,
      unsatisfactoryEquipmentIds: form.unsatisfactoryEquipmentIds,
      notatedEquipmentIds: form.notatedEquipmentIds,
    };
    if (emailsEditable) {
      input.reportDefinitionsForAutomaticDeliveryIds = form.reportDefinitionIds;
      input.reportBookletsForAutomaticDeliveryIds = form.reportBookletIds;
    }
    if (regionEditable) input.regionId = form.regionId;
    if (buildingsEditable || regionEditable) input.buildingIds = form.buildingIds;
    if (rolesEditable) input.roleIds = form.roleIds;
    setSaving(true);
    setNotice(null);
    setFieldErrors({});
    const result = await mutations.update(user.id, input, user.version);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return done();
    if (result.status === 'failed') return setNotice({ color: 'red', text: result.message });
    const placed = placeErrors(result.errors, PLACED_FIELDS);
    setFieldErrors(placed.fieldErrors);
    if (placed.general) setNotice({ color: result.errors.some((e) => e.code === 'STALE') ? 'orange' : 'red', text: placed.general });
    if (result.errors.some((e) => e.code === 'STALE')) void refetch().catch(() => undefined);
  };

  const changePassword = async () => {
    if (!user || !password) return;
    setNotice(null);
    const result = await mutations.changePassword(user.id, password);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') {
      setPassword('');
      return setNotice({ color: 'green', text: 'The password has been changed.' });
    }
    if (result.status === 'failed') return setNotice({ color: 'red', text: result.message });
    setFieldErrors((current) => ({ ...current, password: result.errors.map((e) => e.message).join(' ') }));
  };

  const toggleActive = async (active: boolean) => {
    if (!user) return;
    setNotice(null);
    const result = await mutations.setActive(user.id, active);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return setNotice({ color: 'green', text: active ? `${user.username} is active again.` : `${user.username} is deactivated: their sessions have ended.` });
    setNotice({ color: 'red', text: result.status === 'failed' ? result.message : result.errors.map((e) => e.message).join(' ') });
  };

  const text = (key: TextKey, label: string, readOnly = !editable) => (
    <TextInput
      key={key}
      label={label}
      description={key === 'signatureImageLink' && editable && readOnly ? 'Changed by administrators only.' : undefined}
      value={form?.[key] ?? ''}
      readOnly={readOnly}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={fieldErrors[key]}
      required={key === 'username'}
    />
  );

  return (
    <>
      <TopBar title={user?.username ?? 'User'} back={backUrl ? { label: 'Back', to: leaveTo } : { label: 'Users', to: usersPath }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="user" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={user} onRetry={() => void refetch().catch(() => undefined)}
            notAvailable="Users are edited by administrators and by the users of their organization."
            notFound="There is no such user, or it is not one you may see."
          />
          {user && form && actor && (
            <form onSubmit={(event) => void save(event)} noValidate aria-label="User">
              <Stack gap="md">
                {!editable && (
                  <Alert color="gray" variant="light">
                    {passwordOnly ? ONLY_PASSWORDS_MESSAGE : NOT_ALLOWED_TO_UPDATE_USERS_MESSAGE}
                  </Alert>
                )}
                {notice && (
                  <Alert role="alert" color={notice.color} variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
                    {notice.text}
                  </Alert>
                )}
                <Section legend="User">
                  {TEXT_FIELDS.map(([key, label]) => text(key, label))}
                  <Select
                    label="Region"
                    data={noneAllowed ? [{ value: '', label: 'None' }, ...regionOptions] : regionOptions}
                    value={form.regionId ?? ''}
                    onChange={(value) => chooseRegion(value ? value : null)}
                    readOnly={!regionEditable}
                    allowDeselect={false}
                    error={fieldErrors.regionId}
                  />
                </Section>
                <Section legend="Details">{DETAIL_FIELDS.map(([key, label]) => text(key, label, !editable || (key === 'signatureImageLink' && !canEditSignature(actor))))}</Section>
                <Section legend="Address">{ADDRESS_FIELDS.map(([key, label]) => text(key, label))}</Section>
                <Section legend="Contactable At">{CONTACT_FIELDS.map(([key, label]) => text(key, label))}</Section>
                <Section legend="Reminder and notification subscriptions">
                  <MultiSelect label="Incomplete walkabout reminders" description="E-mails a reminder before a walkabout of these buildings closes while it is still incomplete, at the times the user's roles set." data={buildingOptions} value={form.reminderBuildingIds} onChange={(value) => set('reminderBuildingIds', value)} readOnly={!editable} searchable />
                  <MultiSelect label="Incomplete walkabout notifications" description="E-mails once after a walkabout of these buildings has closed with tasks left without a result." data={buildingOptions} value={form.notificationBuildingIds} onChange={(value) => set('notificationBuildingIds', value)} readOnly={!editable} searchable />
                  <MultiSelect
                    label="Unsatisfactory equipment notifications"
                    data={equipmentOptions(form.unsatisfactoryEquipmentIds)}
                    value={form.unsatisfactoryEquipmentIds}
                    onChange={(value) => set('unsatisfactoryEquipmentIds', value)}
                    readOnly={!editable}
                    searchable
                  />
                  <MultiSelect
                    label="Equipment note notifications"
                    data={equipmentOptions(form.notatedEquipmentIds)}
                    value={form.notatedEquipmentIds}
                    onChange={(value) => set('notatedEquipmentIds', value)}
                    readOnly={!editable}
                    searchable
                  />
                  {fieldErrors.subscriptions && (
                    <Text c="red" size="sm" role="alert">
                      {fieldErrors.subscriptions}
                    </Text>
                  )}
                </Section>
                <Section legend="Automatic report emails">
                  <MultiSelect
                    label="Reports"
                    description={mayAssignEmails ? undefined : AUTOMATIC_REPORTS_MESSAGE}
                    data={reportOptions}
                    value={form.reportDefinitionIds}
                    onChange={(value) => set('reportDefinitionIds', value)}
                    readOnly={!emailsEditable}
                    searchable
                    error={fieldErrors.reportDefinitionsForAutomaticDeliveryIds}
                  />
                  <MultiSelect
                    label="Report booklets"
                    description={mayAssignEmails ? undefined : AUTOMATIC_BOOKLETS_MESSAGE}
                    data={bookletOptions}
                    value={form.reportBookletIds}
                    onChange={(value) => set('reportBookletIds', value)}
                    readOnly={!emailsEditable}
                    searchable
                    error={fieldErrors.reportBookletsForAutomaticDeliveryIds}
                  />
                </Section>
                <Section legend="Building Permissions">
                  <MultiSelect
                    label="Buildings"
                    description="Empty: every building of the user's region."
                    data={buildingOptions}
                    value={form.buildingIds}
                    onChange={(value) => set('buildingIds', value)}
                    readOnly={!buildingsEditable}
                    searchable
                    error={fieldErrors.buildingIds}
                  />
                </Section>
                <Section legend="User Roles">
                  <Stack gap="xs" role="group" aria-label="User Roles">
                    {(data?.organization?.roles ?? []).map((role) => (
                      <Checkbox
                        key={role.id}
                        label={role.name}
                        checked={form.roleIds.includes(role.id)}
                        disabled={!rolesEditable || (!canAssignAnyRole(actor) && !assignable.has(role.id))}
                        onChange={(event) => set('roleIds', event.currentTarget.checked ? [...form.roleIds, role.id] : form.roleIds.filter((r) => r !== role.id))}
                      />
                    ))}
                    {fieldErrors.roleIds && (
                      <Text c="red" size="sm">
                        {fieldErrors.roleIds}
                      </Text>
                    )}
                  </Stack>
                </Section>
                <Section legend="Settings">
                  <NumberInput label="Walkabout autosave (minutes)" value={form.walkaboutAutoSavePeriodMins} onChange={(value) => set('walkaboutAutoSavePeriodMins', Number(value) || 0)} readOnly={!editable} min={0} allowDecimal={false} />
                  <Switch label="Debug mode" checked={form.debugModeEnabled} onChange={(event) => set('debugModeEnabled', event.currentTarget.checked)} disabled={!editable} />
                  <Switch label="Network speed measurement" checked={form.networkSpeedMeasurementEnabled} onChange={(event) => set('networkSpeedMeasurementEnabled', event.currentTarget.checked)} disabled={!editable} />
                </Section>
                {canChangePassword(actor, id) && (
                  <Section legend="Change Password">
                    <PasswordInput label={CHANGE_PASSWORD_PROMPT} autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} error={fieldErrors.password} />
                    <Group justify="flex-end">
                      <Button variant="default" onClick={() => void changePassword()} disabled={!password}>
                        Change Password
                      </Button>
                    </Group>
                  </Section>
                )}
                {self && (
                  <Section legend="API Tokens">
                    <Text size="sm">
                      Tokens let scripts and integrations use the API as you, within the permissions you choose.{' '}
                      <Anchor component={Link} to="/account/api-tokens">
                        Manage your API tokens
                      </Anchor>
                    </Text>
                  </Section>
                )}
                {canSetActive(actor, id) && (
                  <Section legend="Active">
                    <Switch label="Active" description="A deactivated user cannot sign in; deactivating ends their sessions at once." checked={user.active} onChange={(event) => void toggleActive(event.currentTarget.checked)} />
                  </Section>
                )}
                {editable && (
                  <SheetActions failure={null} busy={saving} submitLabel="Save" onCancel={done} />
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Container>
    </>
  );
}
