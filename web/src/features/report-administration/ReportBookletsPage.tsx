import { useParams } from 'react-router-dom';
import { Button, Container, Group, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconPlus } from '../../ui/icons';
import { bookletRow, ReportRows, sortedByName } from './ReportRows';
import { useReportLists } from './useReportLists';
import { ScreenStates } from '../../ui/ScreenStates';
import { NewBookletSheet } from './ReportBookletPage';
import { useNewSheet } from './newSheet';

/**
 * /manage/organization/{organizationId}/report-booklets (section 2, organizationsReportBookletsIndex): the
 * organization's booklet templates with no region, rows 'name (id)'; New Booklet for users who can create reports,
 * opening the New Booklet sheet over the list.
 */
export function ReportBookletsPage() {
  const { organizationId = '' } = useParams();
  const { viewer, viewerLoading, access, allowed, data, loading, error, reload } = useReportLists(organizationId, 'booklets');
  const organization = data?.organization;
  const { sheet, open, close } = useNewSheet();
  return (
    <>
      <TopBar title="Report Booklets" back={{ label: 'Global Reports & Booklets', to: `/manage/organization/${organizationId}/regions/all` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {access.add && (
            <Group justify="flex-end">
              <Button size="sm" onClick={() => open('booklet')} aria-haspopup="dialog" leftSection={<IconPlus size={16} />}>
                New Booklet
              </Button>
            </Group>
          )}
          <ScreenStates
            subject="report booklets" viewer={viewer} viewerLoading={viewerLoading} allowed={allowed} data={data} loading={loading} error={error} found={organization} onRetry={reload}
            notAvailable="Report booklets are managed by administrators and the users of the organization."
            notFound="This organization does not exist or is not yours to see."
          />
          {organization && <ReportRows title="Report Booklets" rows={sortedByName(organization.reportBookletTemplates).map((t) => bookletRow(organizationId, t))} />}
        </Stack>
      </Container>
      {access.add && sheet === 'booklet' && <NewBookletSheet organizationId={organizationId} regionId={null} onClose={close} />}
    </>
  );
}
