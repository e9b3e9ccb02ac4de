import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { canManageOrganizationTypes, canViewOrganizationTypes } from '@fsi/shared/equipment-types';
import { useManageTaskGroupsPageQuery, useManageTaskGroupsViewerQuery } from './ManageTaskGroupsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { AddButton, ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { TaskGroupModal } from './TaskGroupModal';

type Open = { kind: 'add' } | { kind: 'edit'; id: string } | null;

/**
 * /manage/organization/{organizationId}/tasksgroups, Manage Tasks Groups (admin-organizations-buildings.md sections 2,
 * 4-6): the organization's tasks groups with their tasks. Administrators and organization managers add a group and
 * edit one; everyone else of the organization sees the table read-only.
 */
export function ManageTaskGroupsPage() {
  const { organizationId = '' } = useParams();
  const viewerQuery = useManageTaskGroupsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer
    ? (viewer.isAdmin || viewer.organization?.id === organizationId) && canViewOrganizationTypes({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions)
    : false;
  const canManage = viewer ? canManageOrganizationTypes(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useManageTaskGroupsPageQuery({ variables: { organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const organization = data?.organization;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const reload = () => void refetch().catch(() => undefined);
  const groups = organization?.taskGroups ?? [];
  const editing = open?.kind === 'edit' ? groups.find((group) => group.id === open.id) : undefined;

  return (
    <>
      <TopBar
        title="Tasks Groups"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          canManage && organization ? <AddButton label="Add Tasks Group" onClick={() => setOpen({ kind: 'add' })} /> : null
        }
      />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="tasks groups" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={organization} onRetry={reload}
            notAvailable="Tasks groups are managed by administrators and by the users of the organization."
            notFound="This organization does not exist or is not yours to see."
          />
          {organization && (
            <>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {organization.name}
              </Text>
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {groups.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={canManage ? 'Add a group with the Add Tasks Group button.' : undefined} />
                </Center>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table striped verticalSpacing="sm" aria-label="Tasks groups">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Tasks</Table.Th>
                        {canManage && <Table.Th><VisuallyHidden>Edit</VisuallyHidden></Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {groups.map((group) => (
                        <Table.Tr key={group.id}>
                          <Table.Td miw={150} fw={600} style={{ overflowWrap: 'break-word' }}>
                            {group.name}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{group.tasks.length === 0 ? '—' : group.tasks.map((task) => task.label).join(', ')}</Text>
                          </Table.Td>
                          {canManage && (
                            <Table.Td>
                              <Button size="xs" variant="subtle" aria-haspopup="dialog" aria-label={`Edit ${group.name}`} onClick={() => setOpen({ kind: 'edit', id: group.id })}>
                                Edit
                              </Button>
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </>
          )}
        </Stack>
      </Container>
      {organization && (open?.kind === 'add' || editing) && (
        <TaskGroupModal
          organizationId={organizationId}
          group={editing ?? null}
          choices={organization.taskGroupChoices}
          onSaved={(name) => {
            setOpen(null);
            setNotice({ color: 'green', text: `${name} saved.` });
          }}
          onStale={reload}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
