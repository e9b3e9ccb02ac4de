import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { DELETE_CYCLE_OVERRIDE_CONFIRMATION } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { IconTrash } from '../../ui/icons';
import { useCycleOverridePageQuery, useRegionsViewerQuery } from './RegionsPage.generated';
import { CycleOverrideForm } from './CycleOverrideForm';
import { regionAccess } from './regionAccess';
import { useDeleteCycleOverride } from './useRegionMutations';
import { ScreenStates } from '../../ui/ScreenStates';
import { ConfirmDeleteModal } from '../../ui/ConfirmDeleteModal';

/**
 * /manage/organization/{organizationId}/region/{regionId}/cycle-override/{cycleOverrideId} (admin-people-schedules.md
 * sections 2, 4 and 6): the override's days and blackout dates, for administrators and organization managers, with a
 * confirmed delete. After save or delete the app goes to the region page.
 */
export function CycleOverridePage() {
  const { organizationId = '', regionId = '', cycleOverrideId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useRegionsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = regionAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useCycleOverridePageQuery({ variables: { organizationId, regionId, id: cycleOverrideId }, skip: !access.manage });
  const override = data?.cycleOverride;
  const region = data?.region;
  const regionPath = `/manage/organization/${organizationId}/region/${regionId}`;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteCycleOverride();

  const confirmDelete = async () => {
    setDeleting(true);
    const result = await remove(cycleOverrideId);
    setDeleting(false);
    setConfirming(false);
    if (result.status === 'deleted') navigate(regionPath);
    if (result.status === 'refused') setRefusal(result.message);
  };

  return (
    <>
      <TopBar title={override ? `${override.cycle.name} Override` : 'Cycle Override'} back={{ label: region?.name ?? 'Region', to: regionPath }} />
      <Container size={640} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="cycle override" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={access.manage} data={data} loading={loading} error={error} found={override && region && override.regionId === region.id} onRetry={() => void refetch().catch(() => undefined)} loadingLabel="Loading the cycle override"
            notAvailable="Cycle overrides are changed by administrators and by the users who can manage the organization."
            notFound="There is no such cycle override in this region."
          />
          {override && region && override.regionId === region.id && (
            <>
              <CycleOverrideForm
                key={override.version}
                regionId={region.id}
                override={override}
                cycles={data?.organization?.cycles ?? []}
                own={region.cycleOverrides}
                inherited={region.inheritedCycleOverrides}
                readOnly={false}
                onSaved={() => navigate(regionPath)}
                onCancel={() => navigate(regionPath)}
                onStale={() => void refetch().catch(() => undefined)}
                headingOrder={2}
              />
              {refusal && (
                <Alert role="alert" color="red" variant="light">
                  {refusal}
                </Alert>
              )}
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} aria-haspopup="dialog" style={{ alignSelf: 'flex-start' }}>
                Delete Cycle Override
              </Button>
            </>
          )}
        </Stack>
      </Container>
      <ConfirmDeleteModal opened={confirming} title="Delete Cycle Override" question={DELETE_CYCLE_OVERRIDE_CONFIRMATION} deleting={deleting} onConfirm={() => void confirmDelete()} onClose={() => setConfirming(false)} />
    </>
  );
}
