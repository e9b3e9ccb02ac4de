import { useParams } from 'react-router-dom';
import { Button, Container, Group, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconPlus } from '../../ui/icons';
import { definitionRow, ReportRows, sortedByName } from './ReportRows';
import { useReportLists } from './useReportLists';
import { ScreenStates } from '../../ui/ScreenStates';
import { NewReportSheet } from './ReportDefinitionPage';
import { useNewSheet } from './newSheet';

/**
 * /manage/organization/{organizationId}/reports (admin-people-schedules.md section 2, organizationReportsIndex): the
 * organization's report definitions with no region, by name, each subtitled with its buildings or Inactive; New Report
 * for users who can create walkabout reports, opening the New Report sheet over the list.
 */
export function ReportDefinitionsPage() {
  const { organizationId = '' } = useParams();
  const { viewer, viewerLoading, access, allowed, data, loading, error, reload } = useReportLists(organizationId, 'definitions');
  const organization = data?.organization;
  const { sheet, open, close } = useNewSheet();
  return (
    <>
      <TopBar title="Reports" back={{ label: 'Global Reports & Booklets', to: `/manage/organization/${organizationId}/regions/all` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {access.add && (
            <Group justify="flex-end">
              <Button size="sm" onClick={() => open('report')} aria-haspopup="dialog" leftSection={<IconPlus size={16} />}>
                New Report
              </Button>
            </Group>
          )}
          <ScreenStates
            subject="reports" viewer={viewer} viewerLoading={viewerLoading} allowed={allowed} data={data} loading={loading} error={error} found={organization} onRetry={reload}
            notAvailable="Reports are managed by administrators and the users of the organization."
            notFound="This organization does not exist or is not yours to see."
          />
          {organization && <ReportRows title="Reports" rows={sortedByName(organization.reportDefinitions).map((d) => definitionRow(organizationId, d))} />}
        </Stack>
      </Container>
      {access.add && sheet === 'report' && <NewReportSheet organizationId={organizationId} regionId={null} onClose={close} />}
    </>
  );
}
