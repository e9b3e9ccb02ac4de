import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Card, Center, EmptyState, Group, Loader, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { canRecordWalkaboutResults } from '@fsi/shared';
import { useWalkaboutsPageQuery } from './WalkaboutsPage.generated';
import { useDeviceCopy } from '../../lib/deviceCopy/useDeviceCopy';
import { DeviceCopyNotice } from '../../ui/OfflineNotice';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconCircleCheck, IconFileContract, IconScan, IconSearch } from '../../ui/icons';
import { AcceptContractButton } from '../contracts/AcceptContractButton';
import { mayAcceptBuildingContract } from '../contracts/contractPermissions';
import { ScanSheet } from '../scanning/ScanSheet';
import { OffCycleRemarksSheet } from '../locations/OffCycleRemarksSheet';
import { usePendingCounts } from '../../lib/outbox/usePendingCounts';
import { CommentsSheet } from './CommentsSheet';
import { CreateWalkaboutMenu } from './CreateWalkaboutMenu';
import { FireWatchCard } from './FireWatchCard';
import { WalkaboutRow } from './WalkaboutRow';
import { useCreateWalkabout } from './useCreateWalkabout';
import { useStartFireWatch } from './useStartFireWatch';
import { useStopFireWatch } from './useStopFireWatch';
import { walkaboutListItems } from './walkaboutList';
import classes from './WalkaboutsPage.module.css';

type Sheet = 'startFireWatch' | 'stopFireWatch' | 'scan' | null;
type Notice = { kind: 'success' | 'error'; text: string };

/** What the walkabout screen passes after a save ('Complete walkabout saved on {date}.', inspection.md section 8). */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' && state.notice !== '' ? state.notice : null;
}

/** The open walkabouts of a building, its fire watch and the off-cycle scan (inspection.md section 2, point 7). */
export function WalkaboutsPage() {
  const { buildingId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const live = useWalkaboutsPageQuery({ variables: { buildingId } });
  const { loading, error, refetch } = live;
  // Without an answer from the server, the walkabouts as this device last loaded them (issue 9, point 12).
  const { data, fromDevice } = useDeviceCopy({ key: `WalkaboutsPage:${buildingId}`, data: live.data, error, userIdOf: (answer) => answer.viewer.id, refetch });
  const { start } = useStartFireWatch(buildingId);
  const { stop } = useStopFireWatch();
  const { create, creating } = useCreateWalkabout(buildingId);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [scannedUuid, setScannedUuid] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const saved = noticeOf(location.state);
    return saved === null ? null : { kind: 'success', text: saved };
  });
  const [creatingCycle, setCreatingCycle] = useState<string | null>(null);

  const building = data?.building;
  const viewer = data?.viewer;
  const pending = usePendingCounts(viewer?.id);
  const can = viewer?.permissions;
  const contractAccepted = Boolean(building?.contractAcceptedAt);
  // Said once: the address's state is cleared, so a reload or a return to this entry does not repeat it.
  const passedNotice = noticeOf(location.state);
  useEffect(() => {
    if (passedNotice !== null) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [passedNotice, location.pathname, location.search, navigate]);

  const items = useMemo(() => walkaboutListItems(data?.walkabouts ?? [], new Date()), [data?.walkabouts]);

  const runCreate = async (cycle: { id: string; name: string }, fireWatch = false) => {
    setNotice(null);
    setCreatingCycle(cycle.name);
    const result = await create(cycle.id, { fireWatch });
    setCreatingCycle(null);
    if (result.ok) navigate(`/buildings/${buildingId}/walkabouts/${result.walkaboutId}`);
    else setNotice({ kind: 'error', text: result.message });
  };

  const actions =
    building && contractAccepted ? (
      <>
        {can?.canCreateOffCycleRemarks && (
          <ActionIcon variant="subtle" size="lg" aria-label="Scan location" onClick={() => setSheet('scan')}>
            <IconScan size={22} />
          </ActionIcon>
        )}
        {viewer && can && canRecordWalkaboutResults(viewer.isAdmin, can) && (
          <CreateWalkaboutMenu cycles={data?.notRepeatableCycles ?? []} onCreate={(cycle) => void runCreate(cycle)} />
        )}
      </>
    ) : null;

  return (
    <>
      <TopBar title="Walkabouts" back={{ label: 'Buildings', to: '/buildings' }} actions={actions} />
      <Stack gap="md" className={classes.page}>
        {building && (
          <Title order={2} size="h3" className={classes.buildingName}>
            {building.name}
          </Title>
        )}

        {notice && (
          <Alert
            role={notice.kind === 'error' ? 'alert' : 'status'}
            color={notice.kind === 'error' ? 'red' : 'green'}
            variant="light"
            icon={notice.kind === 'error' ? <IconAlertTriangle /> : <IconCircleCheck />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}

        {fromDevice && <DeviceCopyNotice what="these are the walkabouts as last loaded on this device, with what waits on it." />}

        {error && !data && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The walkabouts could not be loaded">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}

        {loading && !data && (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading walkabouts">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={72} radius="md" />
            ))}
          </Stack>
        )}

        {data && !building && (
          <Center py="xl">
            <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description="This building does not exist or is not yours to see." />
          </Center>
        )}

        {building && !contractAccepted && (
          <Alert color="orange" variant="light" icon={<IconFileContract />} title={building.contractUrl ? 'Contract not accepted' : 'Contract Missing'}>
            <Text size="sm">
              {building.contractUrl
                ? 'Walkabouts open once a building administrator accepts the contract.'
                : 'This building has no contract yet, so walkabouts are unavailable.'}
            </Text>
            {building.contractUrl && viewer && mayAcceptBuildingContract(viewer, building) && (
              // Walkabouts are asked for again: those the gate held back appear.
              <AcceptContractButton building={building} onAccepted={() => void refetch().catch(() => undefined)} />
            )}
          </Alert>
        )}

        {building && contractAccepted && (
          <>
            <FireWatchCard
              building={building}
              timeZone={building.timeZone}
              canStart={Boolean(viewer?.isAdmin || can?.canCreateFireWatch)}
              canStop={Boolean(viewer?.isAdmin || can?.canUpdateFireWatch)}
              onStart={() => setSheet('startFireWatch')}
              onStop={() => setSheet('stopFireWatch')}
              onStartNew={() => building.fireWatchCycle && void runCreate(building.fireWatchCycle, true)}
            />

            {items.length === 0 ? (
              <Center py="xl">
                <EmptyState
                  icon={<IconSearch size={28} />}
                  withIndicatorBackground
                  title="No results found"
                  description="No walkabout is open in this building now."
                />
              </Center>
            ) : (
              <Card withBorder radius="lg" padding={0} component="section" aria-label="Open walkabouts">
                <ul className={classes.list}>
                  {items.map((item) => (
                    <li key={item.walkabout.id}>
                      <WalkaboutRow buildingId={buildingId} item={item} pending={pending.get(item.walkabout.id)} />
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </>
        )}
      </Stack>

      <CommentsSheet
        opened={sheet === 'startFireWatch'}
        action="Start Fire Watch"
        description="Why the fire watch starts and what it covers."
        onClose={() => setSheet(null)}
        onSubmit={start}
      />
      <CommentsSheet
        opened={sheet === 'stopFireWatch'}
        action="Stop Fire Watch"
        description="How the fire watch ended."
        onClose={() => setSheet(null)}
        onSubmit={(comments) => stop(building?.activeFireWatch?.id ?? building?.fireWatchId ?? '', comments)}
      />
      <ScanSheet opened={sheet === 'scan'} title="Scan Location" onClose={() => setSheet(null)} onCode={setScannedUuid} />
      {building && (
        <OffCycleRemarksSheet
          uuid={scannedUuid}
          buildingId={building.id}
          timeZone={building.timeZone}
          onClose={() => setScannedUuid(null)}
          onScanAgain={() => {
            setScannedUuid(null);
            setSheet('scan');
          }}
          onSaved={(text) => setNotice({ kind: 'success', text })}
        />
      )}
      <Modal opened={creating} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered size="sm">
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" />
          <Text size="sm">Creating the {creatingCycle ?? ''} walkabout…</Text>
        </Group>
      </Modal>
    </>
  );
}
