import { debugLog } from '../debugLog';
import { appErrors } from '../events';
import { walkaboutTitle } from '@fsi/shared';
import { loadSnapshot, pendingCounts, pendingInWords } from './pendingEdits';
import { saveEdits, type SaveDeps, type SaveOutcome } from './saveQueue';

/**
 * Saves the work left on the device for walkabouts that are not open on screen (DESIGN.md section 4,
 * "Field conditions"): an inspector who marked conditions without a network and then went back to the
 * list, or closed the tab, has them saved when the network returns wherever they are in the app, not
 * only when they open that walkabout again. A walkabout open in the editor is its editor's to save.
 */

const inEditor = new Map<string, number>();
/** Refused for good this session (a locked walkabout): said once, not retried until the app reloads. */
const refused = new Set<string>();

const keyOf = (userId: string, walkaboutId: string) => `${userId}/${walkaboutId}`;

/** The editor holds its walkabout while it is open; the returned function lets it go. */
export function holdInEditor(userId: string, walkaboutId: string): () => void {
  const key = keyOf(userId, walkaboutId);
  inEditor.set(key, (inEditor.get(key) ?? 0) + 1);
  return () => {
    const count = (inEditor.get(key) ?? 1) - 1;
    if (count > 0) inEditor.set(key, count);
    else inEditor.delete(key);
  };
}

export type BackgroundSyncDeps = Pick<SaveDeps, 'userId' | 'send' | 'upload' | 'report'>;

async function walkaboutName(userId: string, walkaboutId: string): Promise<string> {
  const snapshot = await loadSnapshot(userId, walkaboutId).catch(() => undefined);
  const walkabout = snapshot?.data.walkabout;
  return walkabout ? `the ${walkaboutTitle(walkabout.cycle.name)} of ${walkabout.building.name}` : `walkabout ${walkaboutId}`;
}

/**
 * One pass over the user's walkabouts with work on the device; stops at the first sign of no network
 * and then answers 'offline' (the caller tries again soon), otherwise 'done'.
 */
export async function savePendingWalkabouts(deps: BackgroundSyncDeps): Promise<'done' | 'offline'> {
  const counts = await pendingCounts(deps.userId);
  for (const [walkaboutId, tally] of counts) {
    const key = keyOf(deps.userId, walkaboutId);
    if (inEditor.has(key) || refused.has(key)) continue;
    debugLog(`background save: walkabout ${walkaboutId} with ${pendingInWords(tally)} not saved yet`);
    const outcome: SaveOutcome = await saveEdits({ ...deps, walkaboutId, onConfirmed: () => undefined });
    debugLog(`background save: walkabout ${walkaboutId} ${outcome.status}${outcome.status === 'refused' ? ` (${outcome.message})` : ''}`);
    if (outcome.status === 'refused') {
      refused.add(key);
      appErrors.emit(`${pendingInWords(tally)} kept on this device for ${await walkaboutName(deps.userId, walkaboutId)} could not be saved: ${outcome.message}`);
    }
    if (outcome.status === 'offline') return 'offline';
    if (outcome.status === 'signedOut') break;
  }
  return 'done';
}

/** Tests start each case with nothing refused. */
export function resetBackgroundSync(): void {
  refused.clear();
  inEditor.clear();
}
