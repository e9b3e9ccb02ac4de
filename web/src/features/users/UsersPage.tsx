import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Stack } from '@mantine/core';
import { canCreateUsers, canViewUsers } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { NavigationRows } from '../../ui/NavigationRows';
import { IconPlus, IconSearch, IconSettings } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { usePeopleViewerQuery, useUsersPageQuery } from './Users.generated';
import { actorOf, isOfOrganization } from './actor';
import { NewUserSheet } from './NewUserSheet';

/**
 * /manage/organization/{organizationId}/users (admin-people-schedules.md sections 2 and 6): the organization's users,
 * usernames sorted, each leading to its User page. The list is asked for only when the viewer can view users (the
 * server's refusal would end the session); New User opens its sheet for those who can create users.
 */
export function UsersPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = usePeopleViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const actor = viewer ? actorOf(viewer) : null;
  const member = viewer ? isOfOrganization(viewer, organizationId) : false;
  const allowed = Boolean(actor && member && canViewUsers(actor));
  const { data, loading, error, refetch } = useUsersPageQuery({ variables: { organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const users = [...(data?.organization?.users ?? [])].sort((a, b) => a.username.localeCompare(b.username));
  const rows = users.map((user) => ({
    to: `/manage/organization/${organizationId}/user/${user.id}`,
    label: user.username,
    count: null,
    description: [[user.firstName, user.lastName].filter(Boolean).join(' '), user.active ? '' : 'Inactive'].filter(Boolean).join(' · ') || undefined,
  }));

  return (
    <>
      <TopBar
        title="Users"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          allowed && actor && canCreateUsers(actor) ? (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} aria-haspopup="dialog">
              New User
            </Button>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading users" />}
          {viewer && !allowed && (
            <Center py="xl">
              <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Users are listed to administrators and to the organization's users who can view users." />
            </Center>
          )}
          {allowed && error && !data && <ReportsLoadError title="The users could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading users" />}
          {data && rows.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
            </Center>
          )}
          {rows.length > 0 && <NavigationRows label="Users" rows={rows} />}
        </Stack>
      </Container>
      {creating && (
        <NewUserSheet
          organizationId={organizationId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void refetch().catch(() => undefined);
            navigate(`/manage/organization/${organizationId}/user/${id}`);
          }}
        />
      )}
    </>
  );
}
