import { useCallback, useRef, useState } from 'react';
import { ENTRY_NOT_IN_WALKABOUT_MESSAGE, ENTRY_NOT_ON_FLOOR_MESSAGE, firstInvalidCondition } from '@fsi/shared';
import { debugLog } from '../../../lib/debugLog';
import { entryDomId } from '../components/EntryCard';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';

export const SCAN_TITLE = 'Scan Code';

/**
 * Scanning a location's code unlocks its entries on the floor on screen (inspection.md sections 4 and
 * 5): not while an unlocked entry of the walkabout is invalid, and with a message when the code is on
 * another floor or not in the walkabout. What was unlocked is announced to assistive technology. A scan
 * at another location than the last raises the location-change flag that the autosave check reads
 * (takeLocationChange), so the work at the location left is saved within 3 seconds.
 */
export function useScanToUnlock({
  store,
  floorId,
  scannerId,
  onInvalid,
  say,
}: {
  store: WalkaboutEditStore;
  floorId: string | null;
  scannerId: string;
  onInvalid: (conditionId: string) => void;
  say: (title: string, text: string) => void;
}) {
  const [scanning, setScanning] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastLocationId = useRef<string | null>(null);
  const locationChanged = useRef(false);

  const refusedForInvalid = () => {
    // Every unlocked entry of the walkabout counts, not only the floor's (inspection.md section 4).
    const invalid = firstInvalidCondition(store.sharedEntries());
    if (invalid) onInvalid(invalid.condition.id);
    return invalid !== null;
  };

  const openScan = () => {
    if (refusedForInvalid()) return;
    setScanning(true);
  };

  const onCode = (uuid: string) => {
    setScanning(false);
    if (refusedForInvalid()) return;
    const matches = store.entriesWithUuid(uuid);
    if (matches.length === 0) {
      debugLog(`scan: code ${uuid} is not in this walkabout`);
      say(SCAN_TITLE, ENTRY_NOT_IN_WALKABOUT_MESSAGE);
      return;
    }
    const onFloor = matches.filter((entry) => entry.floorId === floorId);
    if (onFloor.length === 0) {
      debugLog(`scan: code ${uuid} is on another floor`);
      say(SCAN_TITLE, ENTRY_NOT_ON_FLOOR_MESSAGE);
      return;
    }
    const locationId = onFloor[0]?.locationId ?? null;
    if (locationId !== null && locationId !== lastLocationId.current) {
      lastLocationId.current = locationId;
      locationChanged.current = true;
    }
    const toUnlock = onFloor.filter((entry) => !store.getEntry(entry.id).scannedAt).map((entry) => entry.id);
    if (toUnlock.length > 0) store.scanEntries(toUnlock, new Date().toISOString(), scannerId);
    debugLog(`scan: code ${uuid} unlocked ${toUnlock.length} of ${onFloor.length} entr${onFloor.length === 1 ? 'y' : 'ies'}`);
    setAnnouncement(
      toUnlock.length === 0
        ? `${onFloor[0]?.locationName ?? 'This location'} is already unlocked.`
        : `Unlocked ${toUnlock.length === 1 ? '1 entry' : `${toUnlock.length} entries`} at ${onFloor[0]?.locationName ?? 'this location'}.`,
    );
    const firstId = onFloor[0]?.id;
    if (firstId) window.setTimeout(() => document.getElementById(entryDomId(firstId))?.scrollIntoView({ block: 'start' }), 0);
  };

  /** Reads the location-change flag and lowers it (the autosave check, every 3 seconds). */
  const takeLocationChange = useCallback(() => {
    const changed = locationChanged.current;
    locationChanged.current = false;
    return changed;
  }, []);

  return { scanning, openScan, closeScan: () => setScanning(false), onCode, announcement, takeLocationChange };
}
