import { useParams } from 'react-router-dom';
import { Center, Container, EmptyState, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { NotAvailable } from '../organization-settings/NotAvailable';
import { bookletRow, definitionRow, ReportRows, sortedByName } from './ReportRows';
import { useReportLists } from './useReportLists';

/**
 * /manage/organization/{organizationId}/regions/all, Global Reports & Booklets (section 2,
 * organizationAllRegionsSettings): the organization's report definitions and booklets with no region, each leading to
 * its form, with the add rows for users who can create walkabout reports.
 */
export function GlobalReportsPage() {
  const { organizationId = '' } = useParams();
  const { viewer, viewerLoading, access, allowed, data, loading, error, reload } = useReportLists(organizationId, 'both');
  const organization = data?.organization;
  const base = `/manage/organization/${organizationId}`;
  return (
    <>
      <TopBar title="Global Reports & Booklets" back={{ label: 'Regions', to: `${base}/regions` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="lg">
          {viewerLoading && !viewer && <ReportsLoading label="Loading global reports and booklets" />}
          {viewer && !allowed && <NotAvailable description="Reports and booklets are managed by administrators and the users of the organization." />}
          {allowed && error && !data && <ReportsLoadError title="The reports and booklets could not be loaded" onRetry={reload} />}
          {allowed && loading && !data && <ReportsLoading label="Loading global reports and booklets" />}
          {data && !organization && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This organization does not exist or is not yours to see." />
            </Center>
          )}
          {organization && (
            <>
              <ReportRows
                title="Reports"
                rows={sortedByName(organization.reportDefinitions).map((d) => definitionRow(organizationId, d))}
                addRow={access.add ? { key: 'add', to: `${base}/report/new`, label: 'Add New Report…', add: true } : null}
              />
              <ReportRows
                title="Report Booklets"
                rows={sortedByName(organization.reportBookletTemplates).map((t) => bookletRow(organizationId, t))}
                addRow={access.add ? { key: 'add', to: `${base}/report-booklet/new`, label: 'Add New Report Booklet…', add: true } : null}
              />
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
