import { useParams } from 'react-router-dom';
import { Container, Stack } from '@mantine/core';
import { BUILDING_SETTINGS_ROWS, canViewBuildingSettings } from '@fsi/shared';
import { useBuildingSettingsPageQuery } from './BuildingSettingsPage.generated';
import { useOrganizationSettingsViewerQuery } from '../organization-settings/OrganizationSettingsPage.generated';
import { NavigationRows } from '../../ui/NavigationRows';
import { TopBar } from '../../ui/TopBar';
import { NotAvailable } from '../organization-settings/NotAvailable';
import { counterField, mayOpenOrganizationSettings } from '../organization-settings/settingsAccess';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';

/**
 * /manage/building/{buildingId}, Building Settings (admin-organizations-buildings.md section 2): rows with counts to
 * the building's details (its edit form, coming back here), floors, locations, types and tasks. Rows to screens still
 * to come lead to the not-available page.
 */
export function BuildingSettingsPage() {
  const { buildingId = '' } = useParams();
  const viewerQuery = useOrganizationSettingsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewBuildingSettings(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useBuildingSettingsPageQuery({ variables: { id: buildingId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const counters = building?.counters as Record<string, number | null | undefined> | undefined;
  const here = `/manage/building/${buildingId}`;
  const rows = building
    ? [
        {
          to: `/manage/organization/${building.organization.id}/building/${building.id}?backUrl=${encodeURIComponent(here)}`,
          label: 'Building Details',
          count: null,
          description: 'Photo, region, contract, address, offsets and reports',
        },
        ...BUILDING_SETTINGS_ROWS.map((row) => ({
          to: `${here}/${row.path}`,
          label: row.label,
          count: row.counter ? (counters?.[counterField(row.counter)] ?? null) : null,
        })),
      ]
    : [];
  const back =
    building && viewer && mayOpenOrganizationSettings(viewer, building.organization.id)
      ? { label: building.organization.name, to: `/manage/organization/${building.organization.id}` }
      : { label: 'Buildings', to: '/buildings' };

  return (
    <>
      <TopBar title={building?.name ?? 'Building Settings'} back={back} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading building settings" />}
          {viewer && !allowed && <NotAvailable description="Only administrators and users who manage or view buildings can open these settings." />}
          {allowed && error && !data && <ReportsLoadError title="The building settings could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading building settings" />}
          {data && !building && <NoSuchBuilding />}
          {building && <NavigationRows label="Building Settings" rows={rows} />}
        </Stack>
      </Container>
    </>
  );
}
