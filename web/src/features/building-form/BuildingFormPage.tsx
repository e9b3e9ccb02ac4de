import { useState } from 'react';
import { Alert, Anchor, Center, Container, EmptyState, Fieldset, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { canChangeBuildingRegion, canEditBuilding, canSetBuildingContract, canToggleBuildingReports, type BuildingFormCaller } from '@fsi/shared';
import { useBuildingFormPageQuery, useBuildingFormViewerQuery } from './BuildingFormPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconInfoCircle, IconSettings } from '../../ui/icons';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { BuildingForm, type BuildingFormRights } from './BuildingForm';
import { safeBackUrl } from './formDraft';
import { CreateCurrentWalkabouts } from '../current-walkabouts/CreateCurrentWalkabouts';

/** Said instead of asking the server, whose FORBIDDEN would end the session. */
function NotYours() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Only users of an organization can open its buildings' settings." />
    </Center>
  );
}

/**
 * /manage/organization/{organizationId}/building/{buildingId} (optional ?backUrl=), the building edit form
 * (admin-organizations-buildings.md sections 2-7). Open to administrators and the organization's users (section 6);
 * what each may change is decided by the shared rules, and the rest is shown disabled. A save that finds the building
 * changed since it was loaded says so and loads the latest version, keeping nothing half-saved.
 */
export function BuildingFormPage() {
  const { organizationId = '', buildingId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const backTo = safeBackUrl(search.get('backUrl')) ?? `/manage/organization/${organizationId}/buildings`;
  const viewerQuery = useBuildingFormViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? viewer.isAdmin || viewer.organization !== null : false;
  const { data, loading, error, refetch } = useBuildingFormPageQuery({
    variables: { buildingId, organizationId },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const building = data?.building;

  const caller: BuildingFormCaller | null = viewer
    ? { isAdmin: viewer.isAdmin, permissions: viewer.permissions, limitedScope: !viewer.hasOrganizationWideScope }
    : null;
  const rights: BuildingFormRights = {
    edit: caller ? canEditBuilding(caller) : false,
    region: caller ? canChangeBuildingRegion(caller) : false,
    reports: caller ? canToggleBuildingReports(caller) : false,
    contract: caller ? canSetBuildingContract(caller) : false,
  };

  const stale = (message: string) => {
    setNotice(message);
    void refetch().catch(() => undefined);
  };

  return (
    <>
      <TopBar title="Edit Building" back={{ label: 'Back', to: backTo }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading the building" />}
          {viewer && !allowed && <NotYours />}
          {notice && (
            <Alert role="alert" color="orange" variant="light" icon={<IconInfoCircle />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {allowed && error && !data && <ReportsLoadError title="The building could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading the building" />}
          {data && !building && <NoSuchBuilding />}
          {data && building && (
            <BuildingForm
              // A new version (after a save elsewhere, or the reload after a stale save) starts the form again from it.
              key={`${building.id}:${building.version}`}
              building={building}
              regions={data.regions}
              // Another building's own definitions and booklets never apply to this one: they are not offered.
              definitions={data.reportDefinitionOptions.filter((d) => d.buildingId === null || d.buildingId === building.id)}
              templates={data.reportBookletTemplateOptions.filter((t) => t.buildingId === null || t.buildingId === building.id)}
              rights={rights}
              onSaved={() => navigate(backTo)}
              onStale={stale}
              onCancel={() => navigate(backTo)}
            />
          )}
          {data && building && (
            // Not part of the form's save: it applies the building as saved to its open walkabouts (section 2, DESIGN.md section 4).
            <Fieldset legend="Walkabouts" variant="filled">
              <Stack gap="sm">
                {/* The same rule as the report toggles: admin, manage-organization or manage-buildings (section 6). */}
                <CreateCurrentWalkabouts buildingId={building.id} canCreate={rights.reports} />
                {viewer?.isAdmin && (
                  <Text size="sm">
                    Which tasks this building's walkabouts include:{' '}
                    <Anchor component={Link} to={`/manage/organization/${organizationId}/building/${building.id}/walkabout`}>
                      Walkabout Conditions
                    </Anchor>
                  </Text>
                )}
              </Stack>
            </Fieldset>
          )}
        </Stack>
      </Container>
    </>
  );
}
