import { useCallback, useRef } from 'react';
import type { SaveOutcome } from '../../../lib/outbox/saveQueue';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';
import { checkNetworkSpeed } from '../utils/networkSpeed';

/**
 * A save while the inspector goes on (floor change, autosave): only a failure is said, and once per
 * outage ('Network unavailable', inspection.md section 8), not at every floor.
 */
export function useSaveInBackground({
  store,
  readOnly,
  measureSpeed,
  save,
  showNetworkUnavailable,
}: {
  store: WalkaboutEditStore;
  readOnly: boolean;
  measureSpeed: boolean;
  save: () => Promise<SaveOutcome>;
  showNetworkUnavailable: (completing: boolean) => void;
}): () => Promise<void> {
  const warnedOffline = useRef(false);
  return useCallback(async () => {
    if (readOnly || !store.hasPending()) return;
    if (measureSpeed && (await checkNetworkSpeed()) === 'slow') {
      if (!warnedOffline.current) showNetworkUnavailable(false);
      warnedOffline.current = true;
      return;
    }
    const outcome = await save();
    if (outcome.status === 'saved') warnedOffline.current = false;
    if (outcome.status === 'offline' && !warnedOffline.current) {
      warnedOffline.current = true;
      showNetworkUnavailable(false);
    }
  }, [readOnly, store, measureSpeed, save, showNetworkUnavailable]);
}
