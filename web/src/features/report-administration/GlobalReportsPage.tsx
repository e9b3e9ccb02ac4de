import { useParams } from 'react-router-dom';
import { Container, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { bookletRow, definitionRow, ReportRows, sortedByName } from './ReportRows';
import { useReportLists } from './useReportLists';
import { ScreenStates } from '../../ui/ScreenStates';
import { NewReportSheet } from './ReportDefinitionPage';
import { NewBookletSheet } from './ReportBookletPage';
import { useNewSheet } from './newSheet';

/**
 * /manage/organization/{organizationId}/regions/all, Global Reports & Booklets (section 2,
 * organizationAllRegionsSettings): the organization's report definitions and booklets with no region, each leading to
 * its form, with the add rows (opening the New Report and New Booklet sheets over the page) for users who can create
 * walkabout reports.
 */
export function GlobalReportsPage() {
  const { organizationId = '' } = useParams();
  const { viewer, viewerLoading, access, allowed, data, loading, error, reload } = useReportLists(organizationId, 'both');
  const organization = data?.organization;
  const { sheet, open, close } = useNewSheet();
  return (
    <>
      <TopBar title="Global Reports & Booklets" back={{ label: 'Regions', to: `/manage/organization/${organizationId}/regions` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="lg">
          <ScreenStates
            subject="reports and booklets" viewer={viewer} viewerLoading={viewerLoading} allowed={allowed} data={data} loading={loading} error={error} found={organization} onRetry={reload} loadingLabel="Loading global reports and booklets"
            notAvailable="Reports and booklets are managed by administrators and the users of the organization."
            notFound="This organization does not exist or is not yours to see."
          />
          {organization && (
            <>
              <ReportRows
                title="Reports"
                rows={sortedByName(organization.reportDefinitions).map((d) => definitionRow(organizationId, d))}
                addRow={access.add ? { label: 'Add New Report…', onAdd: () => open('report') } : null}
              />
              <ReportRows
                title="Report Booklets"
                rows={sortedByName(organization.reportBookletTemplates).map((t) => bookletRow(organizationId, t))}
                addRow={access.add ? { label: 'Add New Report Booklet…', onAdd: () => open('booklet') } : null}
              />
            </>
          )}
        </Stack>
      </Container>
      {access.add && sheet === 'report' && <NewReportSheet organizationId={organizationId} regionId={null} onClose={close} />}
      {access.add && sheet === 'booklet' && <NewBookletSheet organizationId={organizationId} regionId={null} onClose={close} />}
    </>
  );
}
