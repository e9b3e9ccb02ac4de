import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { canManageSchedules, canViewCycles } from '@fsi/shared';
import { TopBar } from '../../ui/TopBar';
import { FormSheet, useFormSheetBinding } from '../../ui/FormSheet';
import { IconPlus, IconSearch, IconSettings } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { useCyclesPageQuery, useCyclesViewerQuery } from './CyclesPage.generated';
import { CycleForm } from './CycleForm';
import { LinkRows } from './LinkRows';

/**
 * /manage/organization/{organizationId}/cycles (admin-people-schedules.md sections 2 and 6): the organization's cycles
 * by name, each with its occurrence when that differs from its name, leading to the cycle's form. A search box narrows
 * them by name (taken literally, issue 14 point 7). Administrators and organization managers add cycles with the New
 * Cycle sheet and see the rows' chevrons. The viewer's rights are checked before anything is asked.
 */
export function CyclesPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useCyclesViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? (viewer.isAdmin || viewer.organization?.id === organizationId) && canViewCycles(viewer.isAdmin, viewer.permissions) : false;
  const canManage = viewer ? canManageSchedules(viewer.isAdmin, viewer.permissions) : false;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, previousData, loading, error, refetch } = useCyclesPageQuery({
    variables: { organizationId, search: debounced || null },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  const organization = (data ?? previousData)?.organization;
  const [adding, setAdding] = useState(false);

  return (
    <>
      <TopBar
        title="Cycles"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          canManage && allowed ? (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} aria-haspopup="dialog">
              New Cycle
            </Button>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading cycles" />}
          {viewer && !allowed && (
            <Center py="xl">
              <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Cycles are shown to administrators and to the users who can manage or view the organization." />
            </Center>
          )}
          {allowed && (
            <TextInput
              placeholder="Search"
              aria-label="Search cycles"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          {allowed && error && !organization && <ReportsLoadError title="The cycles could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !organization && <ReportsLoading label="Loading cycles" />}
          {organization && organization.cycles.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
            </Center>
          )}
          {organization && organization.cycles.length > 0 && (
            <LinkRows
              label="Cycles"
              chevrons={canManage}
              rows={organization.cycles.map((cycle) => ({
                key: cycle.id,
                to: `/manage/cycles/${cycle.id}`,
                label: cycle.name,
                subtitle: cycle.occurrence !== cycle.name ? cycle.occurrence : null,
              }))}
            />
          )}
        </Stack>
      </Container>
      {adding && (
        <NewCycleSheet
          organizationId={organizationId}
          onSaved={() => {
            setAdding(false);
            navigate(`/manage/organization/${organizationId}/cycles`);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
    </>
  );
}

/** New Cycle (section 2, Modal sheets): the cycle form in a full-screen sheet, Cancel and Save in its header. */
function NewCycleSheet({ organizationId, onSaved, onCancel }: { organizationId: string; onSaved(): void; onCancel(): void }) {
  const { binding, status } = useFormSheetBinding();
  return (
    <FormSheet opened title="New Cycle" onCancel={onCancel} formId={binding.formId} saveDisabled={status.saveDisabled} saving={status.saving}>
      <CycleForm organizationId={organizationId} cycle={null} readOnly={false} onSaved={onSaved} onCancel={onCancel} sheet={binding} />
    </FormSheet>
  );
}
