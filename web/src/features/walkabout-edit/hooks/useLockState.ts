import { useEffect, useState } from 'react';
import { canRecordWalkaboutResults, LOCKED_CHECK_MS, walkaboutState } from '@fsi/shared';
import type { WalkaboutEditPageQuery } from '../WalkaboutEditPage.generated';

/** Re-reads the clock every few seconds so that a walkabout reaching its lock time turns read-only. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

type Loaded = WalkaboutEditPageQuery & { walkabout: object };
type Walkabout = Loaded['walkabout'];
type Viewer = Loaded['viewer'];

/**
 * Open, locked or closed (inspection.md section 4; re-checked every 5 seconds), and whether the viewer
 * may record results at all. A viewer is shown the walkabout read-only: a scan or a mark would be
 * refused on saving, and a refusal ends the session. `lockedHere` is called once this screen locked it.
 */
export function useLockState(walkabout: Walkabout, viewer: Viewer) {
  const now = useNow(LOCKED_CHECK_MS);
  const [lockedHere, setLockedHere] = useState(false);
  const state = walkaboutState(walkabout, now);
  const closed = walkabout.isClosed || state === 'closed';
  const locked = !closed && (lockedHere || walkabout.isLocked || state === 'locked');
  const viewOnly = !canRecordWalkaboutResults(viewer.isAdmin, viewer.permissions);
  return { closed, locked, viewOnly, readOnly: locked || closed || viewOnly, lockedHere: () => setLockedHere(true) };
}
