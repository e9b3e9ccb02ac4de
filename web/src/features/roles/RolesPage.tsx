import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Stack } from '@mantine/core';
import { canCreateRoles } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { NavigationRows } from '../../ui/NavigationRows';
import { IconPlus, IconSearch, IconSettings } from '../../ui/icons';
import { FormSheet, useFormSheetBinding } from '../../ui/FormSheet';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { actorOf, isOfOrganization } from '../users/actor';
import { useNewRoleChoicesQuery, useRolesPageQuery, useRoleViewerQuery, type RoleViewerQuery } from './Roles.generated';
import { RoleForm } from './RolePage';

type Viewer = NonNullable<RoleViewerQuery['viewer']>;

/**
 * /manage/organization/{organizationId}/user-roles (admin-people-schedules.md sections 2 and 6): the organization's
 * roles, names sorted, each leading to its Role form; New Role (canCreateRoles) opens the form in a sheet, and the saved
 * role's page after it, where its reminder subscriptions are added (a subscription needs the role to exist, section 4).
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
      {creating && viewer && (
        <NewRoleSheet
          organizationId={organizationId}
          viewer={viewer}
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

/**
 * New Role (section 2, Modal sheets): the Role form in a full-screen sheet with Cancel and Save in its header, Save
 * disabled until the role has a name. A save refused keeps what was chosen and says why (a taken name at the name).
 */
function NewRoleSheet({ organizationId, viewer, onCreated, onClose }: { organizationId: string; viewer: Viewer; onCreated(id: string): void; onClose(): void }) {
  const { binding, status } = useFormSheetBinding();
  const { data, loading, error, refetch } = useNewRoleChoicesQuery({ variables: { organizationId }, fetchPolicy: 'cache-and-network' });
  return (
    <FormSheet opened title="New Role" onCancel={onClose} formId={binding.formId} saveDisabled={!data || status.saveDisabled} saving={status.saving}>
      <Stack gap="md">
        {error && !data && <ReportsLoadError title="The role's choices could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
        {loading && !data && <ReportsLoading label="Loading the role's choices" />}
        {data && <RoleForm organizationId={organizationId} role={null} choices={data} viewer={viewer} editable onSaved={onCreated} onCancel={onClose} sheet={binding} />}
      </Stack>
    </FormSheet>
  );
}
