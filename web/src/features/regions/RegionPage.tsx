import { useState, type ComponentProps, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH, DELETE_REGION_CONFIRMATION, validateRegionName } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { FormSheet, useFormSheetBinding } from '../../ui/FormSheet';
import { IconPlus, IconTrash } from '../../ui/icons';
import { LinkRows } from '../cycles/LinkRows';
import { useRegionPageQuery, useRegionsViewerQuery, type Regions_RegionFragment } from './RegionsPage.generated';
import { RegionNameModal } from './RegionNameModal';
import { CycleOverrideForm } from './CycleOverrideForm';
import { regionAccess } from './regionAccess';
import { useDeleteRegion, useRenameRegion } from './useRegionMutations';
import { RegionReportSections } from '../report-administration/RegionReportSections';
import { ScreenStates } from '../../ui/ScreenStates';
import { ConfirmDeleteModal } from '../../ui/ConfirmDeleteModal';

/**
 * /manage/organization/{organizationId}/region/{regionId} (admin-people-schedules.md sections 2, 4-6): the region's
 * name, its sub-regions (Add New Sub-Region… for organization users), its cycle overrides (administrators and users who
 * view the organization; Add New Cycle Override…), and Delete Region (administrators and organization users). It is
 * read-only unless the viewer is an administrator or can manage the organization. A refusal is said on the page,
 * never a sign-out; after a delete the app goes to the regions list. Its Reports and Report Booklets sections are
 * report-administration's RegionReportSections, between the sub-regions and the cycle overrides (spec section 2).
 */
export function RegionPage() {
  const { organizationId = '', regionId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useRegionsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = regionAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useRegionPageQuery({ variables: { organizationId, regionId }, skip: !access.view, fetchPolicy: 'cache-and-network' });
  const region = data?.region;
  const [adding, setAdding] = useState<'subregion' | 'override' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteRegion(organizationId);
  const regionsPath = `/manage/organization/${organizationId}/regions`;

  const confirmDelete = async () => {
    setDeleting(true);
    const result = await remove(regionId);
    setDeleting(false);
    setConfirming(false);
    if (result.status === 'deleted') navigate(regionsPath);
    if (result.status === 'refused') setRefusal(result.message);
  };

  const back = region?.parent ? { label: region.parent.name, to: `/manage/organization/${organizationId}/region/${region.parent.id}` } : { label: 'Regions', to: regionsPath };

  return (
    <>
      <TopBar title={region?.name ?? 'Region'} back={back} />
      <Container size={880} w="100%" p="md">
        <Stack gap="lg">
          <ScreenStates
            subject="region" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={access.view} data={data} loading={loading} error={error} found={region} onRetry={() => void refetch().catch(() => undefined)} loadingLabel="Loading the region"
            notAvailable="Regions are shown to administrators and to the users of the organization."
            notFound="There is no such region, or it is not one of yours."
          />
          {region && (
            <>
              <RegionName key={region.id} region={region} readOnly={!access.manage} onStale={() => void refetch().catch(() => undefined)} />
              <Stack gap="xs" component="section" aria-labelledby="sub-regions">
                <Title order={2} size="h4" id="sub-regions">
                  Sub-Regions
                </Title>
                {region.children.length === 0 ? (
                  <Text c="dimmed">No results found</Text>
                ) : (
                  <LinkRows
                    label="Sub-Regions"
                    chevrons={access.manage}
                    rows={region.children.map((child) => ({ key: child.id, to: `/manage/organization/${organizationId}/region/${child.id}`, label: child.name }))}
                  />
                )}
                {access.manage && access.organizationUser && (
                  <Button variant="subtle" leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }} onClick={() => setAdding('subregion')} aria-haspopup="dialog">
                    Add New Sub-Region…
                  </Button>
                )}
              </Stack>
              <RegionReportSections organizationId={organizationId} regionId={region.id} />
              {access.overrides && (
                <Stack gap="xs" component="section" aria-labelledby="cycle-overrides">
                  <Title order={2} size="h4" id="cycle-overrides">
                    Cycle Overrides
                  </Title>
                  {region.cycleOverrides.length === 0 ? (
                    <Text c="dimmed">No results found</Text>
                  ) : (
                    <LinkRows
                      label="Cycle Overrides"
                      chevrons={access.manage}
                      rows={region.cycleOverrides.map((o) => ({
                        key: o.id,
                        to: `/manage/organization/${organizationId}/region/${region.id}/cycle-override/${o.id}`,
                        label: o.cycle.name,
                        subtitle: o.description,
                      }))}
                    />
                  )}
                  {access.manage && (
                    <Button variant="subtle" leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }} onClick={() => setAdding('override')} aria-haspopup="dialog">
                      Add New Cycle Override…
                    </Button>
                  )}
                </Stack>
              )}
              {refusal && (
                <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>
                  {refusal}
                </Alert>
              )}
              {access.manage && access.organizationUser && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} aria-haspopup="dialog" style={{ alignSelf: 'flex-start' }}>
                  Delete Region
                </Button>
              )}
            </>
          )}
        </Stack>
      </Container>
      {adding === 'subregion' && region && (
        <RegionNameModal
          organizationId={organizationId}
          parentId={region.id}
          onCreated={(id) => {
            setAdding(null);
            navigate(`/manage/organization/${organizationId}/region/${id}`);
          }}
          onClose={() => setAdding(null)}
        />
      )}
      {adding === 'override' && region && data?.organization && (
        <NewCycleOverrideSheet
          regionId={region.id}
          cycles={data.organization.cycles.filter((c) => c.frequency !== null)}
          own={region.cycleOverrides}
          inherited={region.inheritedCycleOverrides}
          onClose={() => setAdding(null)}
        />
      )}
      <ConfirmDeleteModal opened={confirming} title="Delete Region" question={DELETE_REGION_CONFIRMATION} deleting={deleting} onConfirm={() => void confirmDelete()} onClose={() => setConfirming(false)} />
    </>
  );
}

/** New Cycle Override (section 2, Modal sheets): the cycle override form in a full-screen sheet, Cancel and Save in its header. */
function NewCycleOverrideSheet({ regionId, cycles, own, inherited, onClose }: Pick<ComponentProps<typeof CycleOverrideForm>, 'regionId' | 'cycles' | 'own' | 'inherited'> & { onClose(): void }) {
  const { binding, status } = useFormSheetBinding();
  return (
    <FormSheet opened title="New Cycle Override" onCancel={onClose} formId={binding.formId} saveDisabled={status.saveDisabled} saving={status.saving}>
      <CycleOverrideForm regionId={regionId} override={null} cycles={cycles} own={own} inherited={inherited} readOnly={false} onSaved={onClose} onCancel={onClose} sheet={binding} />
    </FormSheet>
  );
}

/** The Name section: renamed over the version it was read at; a refusal is said and the typed name kept. */
function RegionName({ region, readOnly, onStale }: { region: Regions_RegionFragment; readOnly: boolean; onStale(): void }) {
  const [name, setName] = useState(region.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const rename = useRenameRegion();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = validateRegionName(name);
    if (problem) return setError(problem);
    setSaving(true);
    const result = await rename(region.id, name, region.version);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return setSaved(true);
    if (result.status === 'failed') return setError(result.message);
    setError(result.errors.map((e) => e.message).join(' '));
    if (result.errors.some((e) => e.code === 'STALE')) onStale();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Name"
          required
          readOnly={readOnly}
          maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
            setSaved(false);
          }}
          style={{ flex: 1 }}
        />
        {!readOnly && (
          <Button type="submit" loading={saving} disabled={name.trim() === region.name}>
            Save
          </Button>
        )}
      </Group>
      {saved && (
        <Text size="sm" c="green" role="status" mt={4}>
          Saved.
        </Text>
      )}
    </form>
  );
}
