import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import {
  canRecordWalkaboutResults,
  firstInvalidCondition,
  INCOMPLETE_TASKS_MESSAGE,
  INCOMPLETE_TASKS_TITLE,
  INVALID_CONDITIONS_TITLE,
  invalidConditionsMessage,
  isConditionComplete,
  LOCKED_CHECK_MS,
  walkaboutSavedMessage,
  walkaboutState,
  walkaboutTitle,
  ENTRY_NOT_IN_WALKABOUT_MESSAGE,
  ENTRY_NOT_ON_FLOOR_MESSAGE,
  type InvalidConditionsContext,
  type SaveKind,
} from '@fsi/shared';
import { debugLog } from '../../lib/debugLog';
import { refusalText } from '../../lib/outcome';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconCamera, IconCloudCheck, IconCloudOff } from '../../ui/icons';
import { ScanSheet } from '../scanning/ScanSheet';
import { ConditionActionSheet } from './ConditionActionSheet';
import { DebugLogBox } from './DebugLogBox';
import { conditionDomId } from './ConditionRow';
import { EditContext, useFloorProgress, usePendingCount, type EditContextValue } from './EditContext';
import { EntryCard, entryDomId } from './EntryCard';
import { measureNetworkSpeed } from './networkSpeed';
import { changesInWords } from '../../lib/outbox/pendingEdits';
import { UnavailableQrCodeModal, type UnavailableTarget } from './UnavailableQrCodeModal';
import { useAutosave } from './useAutosave';
import { useEditSync } from './useEditSync';
import { useLockWalkabout } from './useLockWalkabout';
import { useMessages } from './useMessages';
import { useWalkaboutEditData, type EditData } from './useWalkaboutEditData';
import type { WalkaboutEditStore } from './walkaboutEditStore';
import classes from './WalkaboutEdit.module.css';

export const LOCKED_BANNER = 'You are viewing a locked walkabout.';
export const CLOSED_BANNER = 'You are viewing a closed walkabout.';
export const VIEW_ONLY_BANNER = 'You may view this walkabout but not record results.';
export const EMPTY_FLOOR_MESSAGE = 'You are viewing a walkabout in which all Types and/or Tasks were inactivated/paused.';
export const NETWORK_UNAVAILABLE_TITLE = 'Network unavailable';
/** Section 8: a save that failed while the inspector goes on editing. */
export const NETWORK_UNAVAILABLE_EDITING = 'Walkabout will be saved on next floor change if there is data or during completion.';
/** Section 8: a save for completion that failed. */
export const NETWORK_UNAVAILABLE_COMPLETING = 'Please go to an area where data is available and complete this walkabout.';
export const SCAN_TITLE = 'Scan Code';

/** /buildings/:buildingId/walkabouts/:walkaboutId (route walkaboutsEdit, inspection.md section 2). */
export function WalkaboutEditPage() {
  const { buildingId = '', walkaboutId = '' } = useParams();
  const loaded = useWalkaboutEditData(walkaboutId);
  const listPath = `/buildings/${buildingId}/walkabouts`;

  if (loaded.status !== 'ready') return <LoadingState loaded={loaded} listPath={listPath} />;
  return <WalkaboutEditor key={walkaboutId} loaded={loaded} listPath={listPath} />;
}

function LoadingState({ loaded, listPath }: { loaded: Exclude<EditData, { status: 'ready' }>; listPath: string }) {
  const back = { label: 'Walkabouts', to: listPath };
  if (loaded.status === 'loading') {
    return (
      <>
        <TopBar title="Walkabout" back={back} />
        <Center py="xl" aria-busy="true">
          <Loader aria-label="Loading the walkabout" />
        </Center>
      </>
    );
  }
  return (
    <>
      <TopBar title="Walkabout" back={back} />
      <Stack p="md" maw={640} mx="auto">
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={loaded.status === 'notFound' ? 'Walkabout not found' : 'The walkabout could not be loaded'}>
          {loaded.status === 'failed' ? (
            <Group justify="space-between">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={loaded.retry}>
                Try again
              </Button>
            </Group>
          ) : (
            <Text size="sm">It does not exist or is not one you may see.</Text>
          )}
        </Alert>
      </Stack>
    </>
  );
}

/** Re-reads the clock every few seconds so that a walkabout reaching its lock time turns read-only. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function focusCondition(conditionId: string) {
  const row = document.getElementById(conditionDomId(conditionId));
  if (!row) return;
  row.scrollIntoView({ block: 'center' });
  const target = row.querySelector<HTMLElement>('[data-focus-target], input, textarea, select, button');
  target?.focus();
}

/** The optional check before a save (inspection.md section 4), written to the debug log. */
async function checkNetworkSpeed() {
  const speed = await measureNetworkSpeed();
  debugLog(`network speed check: ${speed}`);
  return speed;
}

type Ready = Extract<EditData, { status: 'ready' }>;

function WalkaboutEditor({ loaded, listPath }: { loaded: Ready; listPath: string }) {
  const { store, data, fromDevice } = loaded;
  const { walkabout, viewer } = data;
  const { building } = walkabout;
  const floorLabel = building.floorDisplayName.trim() || 'Floor';
  const navigate = useNavigate();
  const messages = useMessages();
  const lock = useLockWalkabout();
  const pendingCount = usePendingCount(store);

  // --- Open, locked or closed (inspection.md section 4; re-checked every 5 seconds). -------------
  const now = useNow(LOCKED_CHECK_MS);
  const [lockedHere, setLockedHere] = useState(false);
  const state = walkaboutState(walkabout, now);
  const closed = walkabout.isClosed || state === 'closed';
  const locked = !closed && (lockedHere || walkabout.isLocked || state === 'locked');
  // A viewer is shown the walkabout read-only: a scan or a mark would be refused on saving, and a
  // refusal ends the session.
  const viewOnly = !canRecordWalkaboutResults(viewer.isAdmin, viewer.permissions);
  const readOnly = locked || closed || viewOnly;

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

  // --- Floors: one at a time, the current one in the address (?floor=) so Back walks them. ----------
  const [searchParams, setSearchParams] = useSearchParams();
  const floors = store.floors;
  const requestedFloorId = searchParams.get('floor');
  const validFloor = (id: string | null) => (id !== null && floors.some((floor) => floor.id === id) ? id : null);
  const [floorId, setFloorId] = useState<string | null>(() => validFloor(requestedFloorId) ?? floors[0]?.id ?? null);
  const floorIndex = floors.findIndex((floor) => floor.id === floorId);
  const floor = floors[floorIndex];
  const isLastFloor = floorIndex === floors.length - 1;

  const showInvalid = useCallback(
    (context: InvalidConditionsContext, conditionId: string) =>
      messages.show({ title: INVALID_CONDITIONS_TITLE, text: invalidConditionsMessage(context), focusAfter: () => focusCondition(conditionId) }),
    [messages],
  );

  const showNetworkUnavailable = useCallback(
    (completing: boolean) =>
      messages.show({ title: NETWORK_UNAVAILABLE_TITLE, text: completing ? NETWORK_UNAVAILABLE_COMPLETING : NETWORK_UNAVAILABLE_EDITING }),
    [messages],
  );

  /** A save while the inspector goes on (floor change, autosave): only a failure is said, once per outage. */
  const warnedOffline = useRef(false);
  const saveInBackground = useCallback(async () => {
    if (readOnly || !store.hasPending()) return;
    if (viewer.networkSpeedMeasurementEnabled && (await checkNetworkSpeed()) === 'slow') {
      if (!warnedOffline.current) void showNetworkUnavailable(false);
      warnedOffline.current = true;
      return;
    }
    const outcome = await sync.save();
    if (outcome.status === 'saved') warnedOffline.current = false;
    if (outcome.status === 'offline' && !warnedOffline.current) {
      warnedOffline.current = true;
      void showNetworkUnavailable(false);
    }
  }, [readOnly, store, viewer.networkSpeedMeasurementEnabled, sync, showNetworkUnavailable]);

  // Floor changes come through the address (Next, the selector, Back, the browser's back button):
  // an invalid unlocked entry on the floor being left sends the address back (inspection.md section 5).
  const targetFloorId = validFloor(requestedFloorId) ?? floors[0]?.id ?? null;
  const handledTarget = useRef<string | null>(null);
  const onFloorRequested = useEffectEvent((target: string) => {
    const invalid = floorId === null || readOnly ? null : firstInvalidCondition(store.sharedEntries(floorId));
    if (invalid && floorId !== null) {
      debugLog(`floor change refused: condition ${invalid.condition.id} is unsatisfactory without remarks or a photo`);
      setSearchParams({ floor: floorId }, { replace: true });
      void showInvalid('floorChange', invalid.condition.id);
      return;
    }
    debugLog(`floor: ${floors.find((candidate) => candidate.id === target)?.name ?? target}`);
    setFloorId(target);
    window.scrollTo(0, 0);
    void saveInBackground();
  });
  useEffect(() => {
    if (targetFloorId === null || targetFloorId === floorId) {
      handledTarget.current = null;
      return;
    }
    // The address changes in a transition: handle each requested floor once, not on every render until it lands.
    if (handledTarget.current === targetFloorId) return;
    handledTarget.current = targetFloorId;
    onFloorRequested(targetFloorId);
  }, [targetFloorId, floorId]);

  const goToFloor = (id: string) => setSearchParams({ floor: id });

  /** Shows the floor of a condition to focus without the floor-change rule (the save flow points at it). */
  const revealCondition = (conditionId: string) => {
    const entryId = store.getCondition(conditionId).info.entryId;
    const target = store.floorOf(entryId);
    if (target !== floorId) {
      setFloorId(target);
      setSearchParams({ floor: target }, { replace: true });
    }
  };

  // --- Autosave (inspection.md sections 4 and 9). -----------------------------------------------
  useAutosave(viewer.walkaboutAutoSavePeriodMins, !readOnly, () => {
    if (store.hasPending()) debugLog(`autosave: idle for ${viewer.walkaboutAutoSavePeriodMins} minute(s)`);
    void saveInBackground();
  });

  // --- Scanning (inspection.md sections 4 and 5). -----------------------------------------------
  const [scanning, setScanning] = useState(false);
  const invalidOnFloor = () => (floorId === null ? null : firstInvalidCondition(store.sharedEntries(floorId)));

  const openScan = () => {
    const invalid = invalidOnFloor();
    if (invalid) {
      void showInvalid('unlock', invalid.condition.id);
      return;
    }
    setScanning(true);
  };

  const onCode = (uuid: string) => {
    setScanning(false);
    const invalid = invalidOnFloor();
    if (invalid) {
      void showInvalid('unlock', invalid.condition.id);
      return;
    }
    const matches = store.entriesWithUuid(uuid);
    if (matches.length === 0) {
      debugLog(`scan: code ${uuid} is not in this walkabout`);
      void messages.show({ title: SCAN_TITLE, text: ENTRY_NOT_IN_WALKABOUT_MESSAGE });
      return;
    }
    const onFloor = matches.filter((entry) => entry.floorId === floorId);
    if (onFloor.length === 0) {
      debugLog(`scan: code ${uuid} is on another floor`);
      void messages.show({ title: SCAN_TITLE, text: ENTRY_NOT_ON_FLOOR_MESSAGE });
      return;
    }
    const toUnlock = onFloor.filter((entry) => !store.getEntry(entry.id).scannedAt).map((entry) => entry.id);
    if (toUnlock.length > 0) store.scanEntries(toUnlock, new Date().toISOString(), viewer.id);
    debugLog(`scan: code ${uuid} unlocked ${toUnlock.length} of ${onFloor.length} entr${onFloor.length === 1 ? 'y' : 'ies'}`);
    setAnnouncement(
      toUnlock.length === 0
        ? `${onFloor[0]?.locationName ?? 'This location'} is already unlocked.`
        : `Unlocked ${toUnlock.length === 1 ? '1 entry' : `${toUnlock.length} entries`} at ${onFloor[0]?.locationName ?? 'this location'}.`,
    );
    const firstId = onFloor[0]?.id;
    if (firstId) window.setTimeout(() => document.getElementById(entryDomId(firstId))?.scrollIntoView({ block: 'start' }), 0);
  };
  const [announcement, setAnnouncement] = useState('');

  // --- Unavailable QR codes (inspection.md section 2). -------------------------------------------
  const [unavailable, setUnavailable] = useState<UnavailableTarget | null>(null);
  const flagUnavailable = useCallback(
    (entryId: string) => {
      const info = store.getEntryInfo(entryId);
      const entryIds = store.floors
        .find((candidate) => candidate.id === info.floorId)
        ?.entryIds.filter((id) => store.getEntryInfo(id).locationId === info.locationId) ?? [entryId];
      setUnavailable({ entryIds, locationName: info.locationName });
    },
    [store],
  );

  // --- Action sheet (press-and-hold). -------------------------------------------------------------
  const [actionsFor, setActionsFor] = useState<string | null>(null);
  const openActions = useCallback((conditionId: string) => setActionsFor(conditionId), []);

  const context = useMemo<EditContextValue>(
    () => ({ store, readOnly, canHandleUnavailableQrCodes: viewer.permissions.canHandleUnavailableQRCodes, openActions, flagUnavailable }),
    [store, readOnly, viewer.permissions.canHandleUnavailableQRCodes, openActions, flagUnavailable],
  );

  // --- Save and lock (inspection.md sections 4, 5 and 8). -----------------------------------------
  const [finishing, setFinishing] = useState<'save' | 'lock' | null>(null);

  const finish = async (mode: 'save' | 'lock') => {
    if (readOnly) {
      navigate(listPath);
      return;
    }
    if (mode === 'lock') {
      const confirmed = await messages.show({
        title: 'Lock Walkabout',
        text: 'Close Walkabout? This cannot be undone.',
        confirmLabel: 'Lock Walkabout',
        cancelLabel: 'Cancel',
      });
      if (!confirmed) return;
    }
    const invalid = firstInvalidCondition(store.sharedEntries());
    if (invalid) {
      revealCondition(invalid.condition.id);
      void showInvalid('completion', invalid.condition.id);
      return;
    }
    if (mode === 'save' && !store.hasPending()) {
      navigate(listPath);
      return;
    }
    const complete = store.allConditions().every(isConditionComplete);
    if (!complete) {
      const goOn = await messages.show({ title: INCOMPLETE_TASKS_TITLE, text: INCOMPLETE_TASKS_MESSAGE, confirmLabel: 'Continue', cancelLabel: 'Cancel' });
      if (!goOn) return;
    }
    setFinishing(mode);
    try {
      if (viewer.networkSpeedMeasurementEnabled && (await checkNetworkSpeed()) === 'slow') {
        void showNetworkUnavailable(true);
        return;
      }
      const outcome = await sync.save();
      if (outcome.status === 'offline') {
        void showNetworkUnavailable(true);
        return;
      }
      if (outcome.status === 'refused') {
        void messages.show({ title: 'Walkabout not saved', text: outcome.message });
        return;
      }
      if (outcome.status === 'signedOut') return;
      let kind: SaveKind = 'save';
      if (mode === 'lock') {
        const locking = await lock(walkabout.id);
        debugLog(`lock: ${locking.status}${locking.status === 'refused' ? ` (${refusalText(locking.errors)})` : ''}`);
        if (locking.status === 'offline') {
          void showNetworkUnavailable(true);
          return;
        }
        if (locking.status === 'refused') {
          void messages.show({ title: 'Walkabout not locked', text: refusalText(locking.errors) });
          return;
        }
        if (locking.status === 'signedOut') return;
        setLockedHere(true);
        kind = complete ? 'complete' : 'partial';
      }
      const text = walkaboutSavedMessage(kind, new Date(), building.timeZone);
      await messages.show({ title: 'Walkabout saved', text });
      navigate(listPath, { state: { notice: text } });
    } finally {
      setFinishing(null);
    }
  };

  // --- Layout. -------------------------------------------------------------------------------------
  const back =
    floorIndex > 0 && floors[floorIndex - 1]
      ? { label: 'Back', to: `?floor=${floors[floorIndex - 1]?.id ?? ''}` }
      : { label: 'Walkabouts', to: listPath };
  const nextFloor = floors[floorIndex + 1];

  return (
    <EditContext.Provider value={context}>
      <TopBar
        title={walkaboutTitle(walkabout.cycle.name)}
        back={back}
        actions={
          !readOnly && (
            <ActionIcon size={44} variant="light" aria-label="Scan an entry's QR code" onClick={openScan}>
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
          {fromDevice && (
            <Alert color="orange" variant="light" icon={<IconCloudOff />}>
              No connection: this is the walkabout as last loaded on this device, with your unsaved work.
            </Alert>
          )}
          {sync.refusal && (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {sync.refusal}
            </Alert>
          )}
          <div className={classes.floorBar}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              {floors.length > 0 && floorId !== null && (
                <FloorSelect store={store} floorLabel={floorLabel} value={floorId} onChange={goToFloor} />
              )}
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {building.name}
              </Text>
            </Group>
          </div>
          <div aria-live="polite" className={classes.visuallyHidden}>
            {announcement}
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
            <PendingIndicator count={pendingCount} offline={sync.offline} saving={sync.saving} readOnly={readOnly} />
            {/* A long label (Lock Walkabout, Next Level) takes the width it needs rather than half the bar and an ellipsis. */}
            <Group gap="xs" grow preventGrowOverflow={false} wrap="nowrap">
              <Button variant="default" size="md" onClick={() => void finish('save')} loading={finishing === 'save'} disabled={finishing === 'lock'}>
                {pendingCount > 0 && !readOnly ? 'Save' : 'Done'}
              </Button>
              {nextFloor && (
                <Button size="md" onClick={() => goToFloor(nextFloor.id)}>
                  Next {floorLabel}
                </Button>
              )}
              {!nextFloor && isLastFloor && viewer.permissions.canLockWalkabout && !readOnly && (
                <Button size="md" color="red" onClick={() => void finish('lock')} loading={finishing === 'lock'} disabled={finishing === 'save'}>
                  Lock Walkabout
                </Button>
              )}
            </Group>
          </Stack>
        </div>
      </div>
      {!readOnly && <ScanSheet opened={scanning} title={SCAN_TITLE} onClose={() => setScanning(false)} onCode={onCode} />}
      <ConditionActionSheet conditionId={readOnly ? null : actionsFor} onClose={() => setActionsFor(null)} />
      <UnavailableQrCodeModal
        target={unavailable}
        onClose={() => setUnavailable(null)}
        onReported={(entryIds, kind, comment) => store.setQrReason(entryIds, { kind, comment })}
      />
      {messages.modal}
    </EditContext.Provider>
  );
}

function FloorSelect({
  store,
  floorLabel,
  value,
  onChange,
}: {
  store: WalkaboutEditStore;
  floorLabel: string;
  value: string;
  onChange: (floorId: string) => void;
}) {
  return (
    <NativeSelect
      aria-label={floorLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      size="md"
      style={{ flex: 1, maxWidth: 360 }}
      data={store.floors.map((floor) => ({ value: floor.id, label: floor.name }))}
      rightSectionWidth={40}
      leftSectionWidth={0}
      description={<FloorProgress store={store} floorId={value} />}
      inputWrapperOrder={['input', 'description']}
    />
  );
}

function FloorProgress({ store, floorId }: { store: WalkaboutEditStore; floorId: string }) {
  const progress = useFloorProgress(store, floorId);
  return (
    <>
      {progress.marked} of {progress.total} marked{progress.unsatisfactory > 0 ? `, ${progress.unsatisfactory} unsatisfactory` : ''}
    </>
  );
}

/** What is not on the server yet (DESIGN.md "Field conditions"), in words. */
function PendingIndicator({ count, offline, saving, readOnly }: { count: number; offline: boolean; saving: boolean; readOnly: boolean }) {
  if (count === 0) {
    return (
      <Group gap={6} c="var(--mantine-color-green-light-color)" role="status">
        <IconCloudCheck size={18} />
        <Text size="sm">All changes saved</Text>
      </Group>
    );
  }
  const changes = changesInWords(count);
  let text = `${changes} not saved yet`;
  if (readOnly) text = `${changes} could not be saved: this walkabout no longer takes results`;
  else if (saving) text = `Saving ${changes}…`;
  else if (offline) text = `${changes} not saved yet — will be saved when online`;
  return (
    <Group gap={6} c={readOnly ? 'red.9' : 'var(--mantine-color-orange-light-color)'} role="status" wrap="nowrap">
      {saving ? <Loader size={16} color="orange" /> : <IconCloudOff size={18} />}
      <Text size="sm">{text}</Text>
    </Group>
  );
}
