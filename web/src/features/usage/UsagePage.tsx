import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Anchor, Box, Center, Container, EmptyState, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useUsagePageQuery, useUsageViewerQuery, type UsagePageQuery } from './UsagePage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { AdministratorsOnly } from '../settings/SettingsPage';

export const USAGE_PAGE_SIZE = 100;
/** Section 9: 'Usage row height is fixed'. */
const ROW_HEIGHT = 56;

type Usage = NonNullable<UsagePageQuery['organization']>['usage']['nodes'][number];

/**
 * /manage/organization/{organizationId}/usage (admin-organizations-buildings.md section 2, administrators only): per
 * building the floors (under its floor label name), users, users with notifications, QR codes, photos, documents and
 * the fire safety plan; Central Management and Reporting are always 'Yes'. Administrators only, decided before asking.
 */
export function UsagePage() {
  const { organizationId = '' } = useParams();
  const viewer = useUsageViewerQuery();
  const isAdmin = viewer.data?.viewer.isAdmin ?? false;
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useUsagePageQuery({
    variables: { id: organizationId, page, pageSize: USAGE_PAGE_SIZE },
    skip: !isAdmin,
    fetchPolicy: 'cache-and-network',
  });
  const organization = data?.organization;
  const usage = organization?.usage;
  const pages = usage ? Math.max(1, Math.ceil(usage.pageInfo.totalCount / USAGE_PAGE_SIZE)) : 1;

  return (
    <>
      <TopBar title="Usage" back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }} />
      <Container size={1200} w="100%" p="md">
        <Stack gap="md">
          {viewer.loading && !viewer.data && <ReportsLoading label="Loading usage" />}
          {viewer.data && !isAdmin && <AdministratorsOnly />}
          {isAdmin && error && !data && <ReportsLoadError title="The usage could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {isAdmin && loading && !data && <ReportsLoading label="Loading usage" />}
          {data && (!organization || usage!.nodes.length === 0) && (
            <Center py="xl">
              <EmptyState
                icon={<IconSearch size={28} />}
                withIndicatorBackground
                title="No results found"
                description={organization ? 'This organization has no buildings yet.' : 'This organization does not exist.'}
              />
            </Center>
          )}
          {organization && usage && usage.nodes.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {organization.name}: {usage.pageInfo.totalCount} {usage.pageInfo.totalCount === 1 ? 'building' : 'buildings'}
              </Text>
              <UsageTable rows={usage.nodes} />
              {pages > 1 && (
                <Group justify="center">
                  <Pagination total={pages} value={page} onChange={setPage} aria-label="Usage pages" />
                </Group>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

const yes = 'Yes';

function UsageTable({ rows }: { rows: readonly Usage[] }) {
  return (
    // A plain scrolling box rather than Table.ScrollContainer, whose ScrollArea the build would split out of a chunk every route loads.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label="Usage table, scrolls sideways">
      <Table miw={980} striped withTableBorder verticalSpacing="xs" aria-label="Usage per building">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Building</Table.Th>
            <Table.Th scope="col">Floor Label Count</Table.Th>
            <Table.Th scope="col">Users</Table.Th>
            <Table.Th scope="col">Users with Notifications</Table.Th>
            <Table.Th scope="col">QR Codes</Table.Th>
            <Table.Th scope="col">Photos</Table.Th>
            <Table.Th scope="col">Documents</Table.Th>
            <Table.Th scope="col">Fire Safety Plan</Table.Th>
            <Table.Th scope="col">Central Management</Table.Th>
            <Table.Th scope="col">Reporting</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} h={ROW_HEIGHT}>
              <Table.Th scope="row" fw={600}>
                {row.buildingName}
              </Table.Th>
              <Table.Td>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {row.floorDisplayName}
                </Text>
                <Text size="sm">{row.floorsCount}</Text>
              </Table.Td>
              <Table.Td>{row.usersCount}</Table.Td>
              <Table.Td>{row.usersWithNotificationsCount}</Table.Td>
              <Table.Td>{row.locationsCount}</Table.Td>
              <Table.Td>{row.unsatisfactoryPhotosCount}</Table.Td>
              <Table.Td>{row.documentsCount}</Table.Td>
              <Table.Td>
                {row.fireSafetyPlanUrl ? (
                  <Anchor href={row.fireSafetyPlanUrl} target="_blank" rel="noopener noreferrer" aria-label={`Yes: open the fire safety plan of ${row.buildingName}`}>
                    {yes}
                  </Anchor>
                ) : (
                  'No'
                )}
              </Table.Td>
              <Table.Td>{yes}</Table.Td>
              <Table.Td>{yes}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
