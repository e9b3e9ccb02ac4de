import { Link, useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Group, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconPlus, IconSearch } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { NotAvailable } from '../organization-settings/NotAvailable';
import { bookletRow, ReportRows, sortedByName } from './ReportRows';
import { useReportLists } from './useReportLists';

/**
 * /manage/organization/{organizationId}/report-booklets (section 2, organizationsReportBookletsIndex): the
 * organization's booklet templates with no region, rows 'name (id)'; New Booklet for users who can create reports.
 */
export function ReportBookletsPage() {
  const { organizationId = '' } = useParams();
  const { viewer, viewerLoading, access, allowed, data, loading, error, reload } = useReportLists(organizationId, 'booklets');
  const organization = data?.organization;
  return (
    <>
      <TopBar title="Report Booklets" back={{ label: 'Global Reports & Booklets', to: `/manage/organization/${organizationId}/regions/all` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {access.add && (
            <Group justify="flex-end">
              <Button size="sm" component={Link} to={`/manage/organization/${organizationId}/report-booklet/new`} leftSection={<IconPlus size={16} />}>
                New Booklet
              </Button>
            </Group>
          )}
          {viewerLoading && !viewer && <ReportsLoading label="Loading report booklets" />}
          {viewer && !allowed && <NotAvailable description="Report booklets are managed by administrators and the users of the organization." />}
          {allowed && error && !data && <ReportsLoadError title="The report booklets could not be loaded" onRetry={reload} />}
          {allowed && loading && !data && <ReportsLoading label="Loading report booklets" />}
          {data && !organization && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This organization does not exist or is not yours to see." />
            </Center>
          )}
          {organization && <ReportRows title="Report Booklets" rows={sortedByName(organization.reportBookletTemplates).map((t) => bookletRow(organizationId, t))} />}
        </Stack>
      </Container>
    </>
  );
}
