import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { INVALID_CONDITIONS_TITLE, invalidConditionsMessage, walkaboutTitle, type InvalidConditionsContext } from '@fsi/shared';
import { debugLog } from '../../lib/debugLog';
import { connection, firstTimeThisOutage } from '../../lib/connection';
import { IconCamera } from '../../ui/icons';
import { DeviceCopyNotice } from '../../ui/OfflineNotice';
import { TopBar } from '../../ui/TopBar';
import { ScanSheet } from '../scanning/ScanSheet';
import { ConditionActionSheet } from './components/ConditionActionSheet';
import { conditionDomId } from './components/ConditionRow';
import { DebugLogBox } from './components/DebugLogBox';
import { EntryCard } from './components/EntryCard';
import { FloorSelect } from './components/FloorSelect';
import { LoadingState } from './components/LoadingState';
import { PendingIndicator } from './components/PendingIndicator';
import { UnavailableQrCodeModal } from './components/UnavailableQrCodeModal';
import { useAutosave } from './hooks/useAutosave';
import { useEditSync } from './hooks/useEditSync';
import { useFloorNavigation } from './hooks/useFloorNavigation';
import { useLockState } from './hooks/useLockState';
import { useMessages } from './hooks/useMessages';
import { useSaveInBackground } from './hooks/useSaveInBackground';
import { useSaveThenLock } from './hooks/useSaveThenLock';
import { SCAN_TITLE, useScanToUnlock } from './hooks/useScanToUnlock';
import { useUnavailableQrCodes } from './hooks/useUnavailableQrCodes';
import { useWalkaboutEditData, type EditData } from './hooks/useWalkaboutEditData';
import { EditContext, usePendingCount, usePendingTally, type EditContextValue } from './state/EditContext';
import type { BlockingQrReport } from './state/walkaboutEditStore';
import classes from './components/WalkaboutEdit.module.css';

export const LOCKED_BANNER = 'You are viewing a locked walkabout.';
export const CLOSED_BANNER = 'You are viewing a closed walkabout.';
export const VIEW_ONLY_BANNER = 'You may view this walkabout but not record results.';
export const EMPTY_FLOOR_MESSAGE = 'You are viewing a walkabout in which all Types and/or Tasks were inactivated/paused.';
export const NETWORK_UNAVAILABLE_TITLE = 'Network unavailable';
/** Section 8: a save that failed while the inspector goes on editing. */
export const NETWORK_UNAVAILABLE_EDITING = 'Walkabout will be saved on next floor change if there is data or during completion.';
/** Section 8: a save for completion that failed. */
export const NETWORK_UNAVAILABLE_COMPLETING = 'Please go to an area where data is available and complete this walkabout.';
/** Said once per outage, whatever failed first (a floor change, an autosave, Save): issue 9, point 13. */
const NETWORK_UNAVAILABLE_ONCE = 'network-unavailable';
export const DEVICE_COPY_WHAT = 'this is the walkabout as last loaded on this device, with your unsaved work.';
export const QR_REPORT_BLOCKS_TITLE = 'QR code unavailable not accepted';

/**
 * inspection.md sections 4 and 5: a location with an unavailability reason and an error message blocks
 * changing floor and saving; the message names it and says what to do.
 */
export function qrReportBlocksMessage(blocked: Pick<BlockingQrReport, 'locationName' | 'errorMessage'>, action: 'floorChange' | 'save'): string {
  const before = action === 'floorChange' ? 'before the floor can be changed' : 'before the walkabout can be saved';
  return `The QR code unavailable report for ${blocked.locationName} was not accepted: ${blocked.errorMessage.trim().replace(/([^.!?])$/, '$1.')} Please correct or withdraw it ${before}.`;
}

/** /buildings/:buildingId/walkabouts/:walkaboutId (route walkaboutsEdit, inspection.md section 2). */
export function WalkaboutEditPage() {
  const { buildingId = '', walkaboutId = '' } = useParams();
  const loaded = useWalkaboutEditData(walkaboutId);
  const listPath = `/buildings/${buildingId}/walkabouts`;

  if (loaded.status !== 'ready') return <LoadingState loaded={loaded} listPath={listPath} />;
  return <WalkaboutEditor key={walkaboutId} loaded={loaded} listPath={listPath} />;
}

function focusCondition(conditionId: string) {
  const row = document.getElementById(conditionDomId(conditionId));
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  const target = row.querySelector<HTMLElement>('[data-focus-target], input, textarea, select, button');
  target?.focus();
}

type Ready = Extract<EditData, { status: 'ready' }>;

/** The screen's layout; each behaviour is a hook of its own (hooks/). */
function WalkaboutEditor({ loaded, listPath }: { loaded: Ready; listPath: string }) {
  const { store, data, fromDevice } = loaded;
  const { walkabout, viewer } = data;
  const { building } = walkabout;
  const floorLabel = building.floorDisplayName.trim() || 'Floor';
  const messages = useMessages();
  const pendingCount = usePendingCount(store);
  const pendingTally = usePendingTally(store);
  const { closed, locked, viewOnly, readOnly, lockedHere } = useLockState(walkabout, viewer);
  const sync = useEditSync({ store, userId: viewer.id, walkaboutId: walkabout.id, enabled: !readOnly });

  useEffect(() => {
    debugLog(
      `opened walkabout ${walkabout.id} (${walkabout.cycle.name}, ${building.name}) ${fromDevice ? 'from this device (no connection)' : 'from the server'}: ` +
        `${store.floors.length} floor(s), ${store.allConditions().length} condition(s), ${store.getPendingCount()} unsaved change(s)` +
        (readOnly ? `, read-only (${closed ? 'closed' : locked ? 'locked' : 'view only'})` : ''),
    );
    // Logged once per load of the walkabout; what changes after is logged where it happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // Opened from the device without a network: once the network is back and the device's work is
  // on the server, the walkabout is loaded from the server again (with what others recorded since).
  const reloadFromServer = fromDevice && !sync.offline && !sync.saving && pendingCount === 0;
  const reload = useEffectEvent(() => loaded.reload());
  useEffect(() => {
    if (reloadFromServer) reload();
  }, [reloadFromServer]);

  const showInvalid = useCallback(
    (context: InvalidConditionsContext, conditionId: string) =>
      void messages.show({ title: INVALID_CONDITIONS_TITLE, text: invalidConditionsMessage(context), focusAfter: () => focusCondition(conditionId) }),
    [messages],
  );
  // Whether the outage was already known (and on screen: the connection notice) when a save in the background started.
  const knownDownAtStart = useRef(false);
  const showNetworkUnavailable = useCallback(
    (completing: boolean) => {
      // One outage, one message. A save in the background (floor change, autosave, a QR code report) that
      // meets an outage the screen already shows says nothing more: the pending line says where the work stands.
      if (!completing && knownDownAtStart.current) return;
      if (!firstTimeThisOutage(NETWORK_UNAVAILABLE_ONCE)) return;
      void messages.show({ title: NETWORK_UNAVAILABLE_TITLE, text: completing ? NETWORK_UNAVAILABLE_COMPLETING : NETWORK_UNAVAILABLE_EDITING });
    },
    [messages],
  );
  const { save: syncSave } = sync;
  const saveNotingOutage = useCallback(() => {
    knownDownAtStart.current = connection() !== 'online';
    return syncSave();
  }, [syncSave]);
  const measureSpeed = viewer.networkSpeedMeasurementEnabled;
  const saveInBackground = useSaveInBackground({ store, readOnly, measureSpeed, save: saveNotingOutage, showNetworkUnavailable });

  // A refused QR code report blocks changing floor and saving until it is corrected or withdrawn.
  const refuseForQrReport = (action: 'floorChange' | 'save'): boolean => {
    const blocked = readOnly ? null : store.blockingQrReport();
    if (!blocked) return false;
    debugLog(`${action === 'save' ? 'save' : 'floor change'} refused: the QR code unavailable report for ${blocked.locationName} was not accepted`);
    void messages.show({
      title: QR_REPORT_BLOCKS_TITLE,
      text: qrReportBlocksMessage(blocked, action),
      focusAfter: () => {
        const first = blocked.entryIds[0];
        if (first) unavailable.flagUnavailable(first);
      },
    });
    return true;
  };

  const floors = useFloorNavigation({
    store,
    readOnly,
    refuse: () => refuseForQrReport('floorChange'),
    onInvalid: (conditionId) => showInvalid('floorChange', conditionId),
    onFloorChanged: () => void saveInBackground(),
  });

  const scan = useScanToUnlock({
    store,
    floorId: floors.floorId,
    scannerId: viewer.id,
    onInvalid: (conditionId) => {
      floors.revealCondition(conditionId);
      showInvalid('unlock', conditionId);
    },
    say: (title, text) => void messages.show({ title, text }),
  });

  // Autosave (inspection.md sections 4 and 9): idle for the user's period, or the location changed.
  useAutosave({
    periodMins: viewer.walkaboutAutoSavePeriodMins,
    enabled: !readOnly,
    takeLocationChange: scan.takeLocationChange,
    onSave: (reason) => {
      if (store.hasPending()) debugLog(reason === 'idle' ? `autosave: idle for ${viewer.walkaboutAutoSavePeriodMins} minute(s)` : 'autosave: the location changed');
      void saveInBackground();
    },
  });
  const unavailable = useUnavailableQrCodes(store, () => void saveInBackground());

  // The action sheet of a condition (press-and-hold on its row, usePressAndHold).
  const [actionsFor, setActionsFor] = useState<string | null>(null);
  const openActions = useCallback((conditionId: string) => setActionsFor(conditionId), []);

  const { flagUnavailable } = unavailable;
  const context = useMemo<EditContextValue>(
    () => ({ store, readOnly, canHandleUnavailableQrCodes: viewer.permissions.canHandleUnavailableQRCodes, openActions, flagUnavailable }),
    [store, readOnly, viewer.permissions.canHandleUnavailableQRCodes, openActions, flagUnavailable],
  );

  const { finishing, finish } = useSaveThenLock({
    store,
    walkaboutId: walkabout.id,
    timeZone: building.timeZone,
    listPath,
    readOnly,
    measureSpeed,
    save: sync.save,
    ask: messages.show,
    showInvalid: (conditionId) => showInvalid('completion', conditionId),
    showNetworkUnavailable: () => showNetworkUnavailable(true),
    revealCondition: floors.revealCondition,
    onLocked: lockedHere,
  });

  const { floor, floorId, previousFloor, nextFloor, isLastFloor, goToFloor } = floors;
  const back = previousFloor ? { label: 'Back', to: `?floor=${previousFloor.id}` } : { label: 'Walkabouts', to: listPath };

  return (
    <EditContext.Provider value={context}>
      <TopBar
        title={walkaboutTitle(walkabout.cycle.name)}
        back={back}
        actions={
          !readOnly && (
            <ActionIcon size={44} variant="light" aria-label="Scan an entry's QR code" onClick={scan.openScan}>
              <IconCamera />
            </ActionIcon>
          )
        }
      />
      <div className={classes.page}>
        <Stack gap="sm">
          {locked && (
            <Alert color="gray" variant="light" role="status">
              {LOCKED_BANNER}
            </Alert>
          )}
          {closed && (
            <Alert color="gray" variant="light" role="status">
              {CLOSED_BANNER}
            </Alert>
          )}
          {viewOnly && !locked && !closed && (
            <Alert color="gray" variant="light" role="status">
              {VIEW_ONLY_BANNER}
            </Alert>
          )}
          {fromDevice && <DeviceCopyNotice what={DEVICE_COPY_WHAT} />}
          {sync.refusal && (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {sync.refusal}
            </Alert>
          )}
          <div className={classes.floorBar}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              {floors.floors.length > 0 && floorId !== null && (
                <FloorSelect store={store} floorLabel={floorLabel} value={floorId} onChange={goToFloor} />
              )}
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {building.name}
              </Text>
            </Group>
          </div>
          <div aria-live="polite" className={classes.visuallyHidden}>
            {scan.announcement}
          </div>
          {floor && floor.entryIds.length > 0 ? (
            floor.entryIds.map((entryId) => <EntryCard key={entryId} entryId={entryId} />)
          ) : (
            <Alert color="blue" variant="light">
              {EMPTY_FLOOR_MESSAGE}
            </Alert>
          )}
          {viewer.debugModeEnabled && (
            <DebugLogBox
              walkaboutId={walkabout.id}
              header={() => [
                `Walkabout ${walkabout.id}: ${walkabout.cycle.name}, ${building.name} (building ${building.id})`,
                `User ${viewer.id}`,
                `Unsaved changes: ${store.getPendingCount()}`,
                `Browser online: ${navigator.onLine ? 'yes' : 'no'}`,
                `Browser: ${navigator.userAgent}`,
              ]}
            />
          )}
        </Stack>
        <div className={classes.bottomSpace} />
        <div className={classes.actionBar}>
          <Stack gap={6} className={classes.actionBarInner}>
            <PendingIndicator tally={pendingTally} connection={sync.connection} saving={sync.saving} readOnly={readOnly} />
            {/* A long label (Lock Walkabout, Next Level) takes the width it needs rather than half the bar and an ellipsis. */}
            <Group gap="xs" grow preventGrowOverflow={false} wrap="nowrap">
              <Button variant="default" size="md" onClick={() => {
                  if (!refuseForQrReport('save')) void finish('save', { pressedWithPending: pendingCount > 0 && !readOnly });
                }} loading={finishing === 'save'} disabled={finishing === 'lock'}>
                {pendingCount > 0 && !readOnly ? 'Save' : 'Done'}
              </Button>
              {nextFloor && (
                <Button size="md" onClick={() => goToFloor(nextFloor.id)}>
                  Next {floorLabel}
                </Button>
              )}
              {!nextFloor && isLastFloor && viewer.permissions.canLockWalkabout && !readOnly && (
                <Button size="md" color="red" onClick={() => {
                    if (!refuseForQrReport('save')) void finish('lock');
                  }} loading={finishing === 'lock'} disabled={finishing === 'save'}>
                  Lock Walkabout
                </Button>
              )}
            </Group>
          </Stack>
        </div>
      </div>
      {!readOnly && <ScanSheet opened={scan.scanning} title={SCAN_TITLE} onClose={scan.closeScan} onCode={scan.onCode} />}
      <ConditionActionSheet conditionId={readOnly ? null : actionsFor} onClose={() => setActionsFor(null)} />
      <UnavailableQrCodeModal target={unavailable.target} onClose={unavailable.close} onReported={unavailable.onReported} onWithdraw={unavailable.onWithdraw} />
      {messages.modal}
    </EditContext.Provider>
  );
}
