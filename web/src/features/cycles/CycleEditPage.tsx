import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { canManageSchedules, canViewCycles, DELETE_CYCLE_CONFIRMATION } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { IconTrash } from '../../ui/icons';
import { useCycleEditPageQuery, useCyclesViewerQuery } from './CyclesPage.generated';
import { CycleForm } from './CycleForm';
import { useDeleteCycle } from './useCycleMutations';
import { ScreenStates } from '../../ui/ScreenStates';
import { ConfirmDeleteModal } from '../../ui/ConfirmDeleteModal';

/**
 * /manage/cycles/{cycleId} (admin-people-schedules.md sections 2, 4-6): the cycle form, read-only unless the viewer is
 * an administrator or can manage the organization, with Delete Cycle (confirmed; a refusal such as 'Cycle cannot be
 * deleted because there are walkabouts attached to it.' is shown, never a sign-out). After save or delete the app goes
 * to the cycles list.
 */
export function CycleEditPage() {
  const { cycleId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useCyclesViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewCycles(viewer.isAdmin, viewer.permissions) : false;
  const canManage = viewer ? canManageSchedules(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useCycleEditPageQuery({ variables: { id: cycleId }, skip: !allowed });
  const cycle = data?.cycle;
  const listPath = cycle ? `/manage/organization/${cycle.organization.id}/cycles` : '/buildings';
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteCycle();

  const confirmDelete = async () => {
    setDeleting(true);
    const result = await remove(cycleId);
    setDeleting(false);
    setConfirming(false);
    if (result.status === 'deleted') navigate(listPath);
    if (result.status === 'refused') setRefusal(result.message);
  };

  return (
    <>
      <TopBar title={cycle?.name ?? 'Cycle'} back={cycle ? { label: 'Cycles', to: listPath } : undefined} />
      <Container size={640} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="cycle" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={cycle} onRetry={() => void refetch().catch(() => undefined)} loadingLabel="Loading the cycle"
            notAvailable="Cycles are shown to administrators and to the users who can manage or view the organization."
            notFound="There is no such cycle, or it is not one of yours."
          />
          {cycle && (
            <>
              <CycleForm
                key={cycle.version}
                organizationId={cycle.organization.id}
                cycle={cycle}
                readOnly={!canManage}
                onSaved={() => navigate(listPath)}
                onCancel={() => navigate(listPath)}
                onStale={() => void refetch().catch(() => undefined)}
              />
              {refusal && (
                <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>
                  {refusal}
                </Alert>
              )}
              {canManage && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} aria-haspopup="dialog">
                  Delete Cycle
                </Button>
              )}
            </>
          )}
        </Stack>
      </Container>
      <ConfirmDeleteModal opened={confirming} title="Delete Cycle" question={DELETE_CYCLE_CONFIRMATION} deleting={deleting} onConfirm={() => void confirmDelete()} onClose={() => setConfirming(false)} />
    </>
  );
}
