import { useParams } from 'react-router-dom';
import { Center, Container, EmptyState, Stack } from '@mantine/core';
import { ORGANIZATION_SETTINGS_ROWS } from '@fsi/shared';
import { useOrganizationSettingsPageQuery, useOrganizationSettingsViewerQuery } from './OrganizationSettingsPage.generated';
import { NavigationRows } from '../../ui/NavigationRows';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { NotAvailable } from './NotAvailable';
import { counterField, mayOpenOrganizationSettings, organizationsBack } from './settingsAccess';

/**
 * /manage/organization/{organizationId}, Organization Settings (admin-organizations-buildings.md section 2): rows with
 * counts to the organization's buildings, tasks, task groups, cycles, types, QR codes (administrators), regions, users,
 * roles and usage (administrators). Rows to screens still to come lead to the not-available page.
 */
export function OrganizationSettingsPage() {
  const { organizationId = '' } = useParams();
  const viewerQuery = useOrganizationSettingsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? mayOpenOrganizationSettings(viewer, organizationId) : false;
  const { data, loading, error, refetch } = useOrganizationSettingsPageQuery({
    variables: { id: organizationId },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  const organization = data?.organization;
  const counters = organization?.counters as Record<string, number | null | undefined> | undefined;
  const rows = ORGANIZATION_SETTINGS_ROWS.filter((row) => !row.adminOnly || viewer?.isAdmin).map((row) => ({
    to: `/manage/organization/${organizationId}/${row.path}`,
    label: row.label,
    count: row.counter ? (counters?.[counterField(row.counter)] ?? null) : null,
  }));

  return (
    <>
      <TopBar title={organization?.name ?? 'Organization Settings'} back={organizationsBack(viewer)} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading organization settings" />}
          {viewer && !allowed && <NotAvailable description="Only administrators and the organization's managers and settings readers can open these settings." />}
          {allowed && error && !data && <ReportsLoadError title="The organization settings could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading organization settings" />}
          {data && !organization && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This organization does not exist or is not yours to see." />
            </Center>
          )}
          {organization && <NavigationRows label="Organization Settings" rows={rows} />}
        </Stack>
      </Container>
    </>
  );
}
