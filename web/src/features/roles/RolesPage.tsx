import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Center, Container, EmptyState, Stack, TextInput } from '@mantine/core';
import { canCreateRoles, ROLE_NAME_TAKEN_MESSAGE, validateRoleName } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { NavigationRows } from '../../ui/NavigationRows';
import { IconPlus, IconSearch, IconSettings } from '../../ui/icons';
import { FormSheet } from '../../ui/FormSheet';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { placeErrors } from '../reports/SheetActions';
import { actorOf, isOfOrganization } from '../users/actor';
import { useRolesPageQuery, useRoleViewerQuery } from './Roles.generated';
import { useRoleMutations } from './useRoleMutations';

/**
 * /manage/organization/{organizationId}/user-roles (admin-people-schedules.md sections 2 and 6): the organization's
 * roles, names sorted, each leading to its Role form; New Role (canCreateRoles) names the role and opens it, where its
 * permissions and reminder subscriptions are set (a subscription needs the role to exist, section 4).
 */
export function RolesPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useRoleViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const actor = viewer ? actorOf(viewer) : null;
  const allowed = viewer ? isOfOrganization(viewer, organizationId) : false;
  const { data, loading, error, refetch } = useRolesPageQuery({ variables: { organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const roles = [...(data?.organization?.roles ?? [])].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
  const rows = roles.map((role) => ({ to: `/manage/organization/${organizationId}/user-roles/${role.id}`, label: role.name, count: null, description: role.isLocked ? 'Locked' : undefined }));

  return (
    <>
      <TopBar
        title="User Roles"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          allowed && actor && canCreateRoles(actor) ? (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} aria-haspopup="dialog">
              New Role
            </Button>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading roles" />}
          {viewer && !allowed && (
            <Center py="xl">
              <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Roles are listed to administrators and to the organization's users." />
            </Center>
          )}
          {allowed && error && !data && <ReportsLoadError title="The roles could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading roles" />}
          {data && rows.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
            </Center>
          )}
          {rows.length > 0 && <NavigationRows label="User Roles" rows={rows} />}
        </Stack>
      </Container>
      {creating && (
        <NewRoleSheet
          organizationId={organizationId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void refetch().catch(() => undefined);
            navigate(`/manage/organization/${organizationId}/user-roles/${id}`);
          }}
        />
      )}
    </>
  );
}

/** New Role: the name, required; a name taken within the organization is said at the name, which takes the focus. */
function NewRoleSheet({ organizationId, onCreated, onClose }: { organizationId: string; onCreated(id: string): void; onClose(): void }) {
  const formId = useId();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { create } = useRoleMutations();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (validateRoleName(name)) return;
    setSaving(true);
    setFailure(null);
    setFieldError(null);
    const result = await create({ organizationId, name: name.trim() });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onCreated(result.id);
    if (result.status === 'failed') return setFailure(result.message);
    const taken = result.errors.find((e) => e.field === 'name' && e.code === 'CONFLICT');
    const placed = placeErrors(result.errors, ['name']);
    setFieldError(taken ? ROLE_NAME_TAKEN_MESSAGE : (placed.fieldErrors.name ?? null));
    setFailure(placed.general);
    document.getElementById('new-role-name')?.focus();
  };
  return (
    <FormSheet opened title="New Role" onCancel={onClose} formId={formId} saveDisabled={Boolean(validateRoleName(name))} saving={saving}>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput id="new-role-name" label="Name" required value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError} data-autofocus />
          {failure && (
            <Alert role="alert" color="red" variant="light">
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
    </FormSheet>
  );
}
