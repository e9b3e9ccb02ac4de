import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { debugLog } from '../../../lib/debugLog';
import { holdInEditor } from '../../../lib/outbox/backgroundSync';
import { batchConfirmed, saveEdits, type SaveDeps, type SaveOutcome } from '../../../lib/outbox/saveQueue';
import { uploadFile } from '../../../lib/upload/uploadFile';
import { useSaveWalkabout } from '../../../lib/outbox/useSaveWalkabout';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';
import { onWindowEvent } from '../../../lib/signal';

export type SyncState = {
  saving: boolean;
  /** The last save found no network; pending work waits for it. */
  offline: boolean;
  lastSavedAt: string | null;
  /** The server refused the last save (a locked walkabout, a field error): the changes stay on the device. */
  refusal: string | null;
};

/** Retries after a save that found no network: 5 s, doubling up to 5 minutes. */
export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 300_000;

/**
 * Saves the device's pending work to the server (DESIGN.md "Field conditions"): on demand (Save,
 * floor change, autosave), when the page opens with work left from before, when the browser says
 * the network is back, and with backoff after a save that found none. Leaving the screen starts one
 * last save that finishes on its own.
 */
export function useEditSync({
  store,
  userId,
  walkaboutId,
  enabled,
}: {
  store: WalkaboutEditStore;
  userId: string;
  walkaboutId: string;
  enabled: boolean;
}) {
  const send = useSaveWalkabout();
  const [state, setState] = useState<SyncState>({ saving: false, offline: false, lastSavedAt: null, refusal: null });
  const retry = useRef<{ timer: number | null; attempt: number }>({ timer: null, attempt: 0 });
  const mounted = useRef(true);
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine);
    const stopOnline = onWindowEvent('online', update);
    const stopOffline = onWindowEvent('offline', update);
    return () => {
      stopOnline();
      stopOffline();
    };
  }, []);

  const deps = useMemo<SaveDeps>(
    () => ({ userId, walkaboutId, send, upload: uploadFile, onConfirmed: (revisions) => store.confirm(revisions) }),
    [userId, walkaboutId, send, store],
  );

  const clearRetry = () => {
    if (retry.current.timer !== null) window.clearTimeout(retry.current.timer);
    retry.current.timer = null;
  };

  const save = useCallback(async (): Promise<SaveOutcome> => {
    clearRetry();
    if (!enabled) return { status: 'nothing' };
    setState((current) => ({ ...current, saving: true }));
    const started = performance.now();
    debugLog(`save: started with ${store.getPendingCount()} unsaved change(s)`);
    const outcome = await saveEdits(deps);
    debugLog(`save: ${outcome.status}${outcome.status === 'refused' ? ` (${outcome.message})` : ''} after ${Math.round(performance.now() - started)} ms`);
    if (!mounted.current) return outcome;
    setState((current) => ({
      saving: false,
      offline: outcome.status === 'offline',
      lastSavedAt: outcome.status === 'saved' ? new Date().toISOString() : current.lastSavedAt,
      refusal: outcome.status === 'refused' ? outcome.message : outcome.status === 'saved' ? null : current.refusal,
    }));
    if (outcome.status === 'offline') {
      const delay = Math.min(RETRY_FIRST_MS * 2 ** retry.current.attempt, RETRY_MAX_MS);
      retry.current.attempt += 1;
      retry.current.timer = window.setTimeout(() => void save(), delay);
    } else {
      retry.current.attempt = 0;
    }
    return outcome;
  }, [deps, enabled, store]);

  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  }, [save]);

  // While open, this walkabout is this screen's to save (or to say why not): the app's background saving leaves it alone.
  useEffect(() => holdInEditor(userId, walkaboutId), [userId, walkaboutId]);
  // Unless it was already saving it when the screen opened: what it confirms is confirmed here too.
  useEffect(
    () =>
      batchConfirmed.subscribe((saved) => {
        if (saved.userId === userId && saved.walkaboutId === walkaboutId) store.confirm(saved.revisions);
      }),
    [store, userId, walkaboutId],
  );

  // Work left from an earlier visit (a closed tab, a reload, a lost connection) is saved on opening.
  useEffect(() => {
    if (enabled && store.hasPending()) void latestSave.current();
  }, [enabled, store]);

  useEffect(() => {
    if (!enabled) return;
    return onWindowEvent('online', () => {
      retry.current.attempt = 0;
      if (store.hasPending()) void latestSave.current();
    });
  }, [enabled, store]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearRetry();
      if (enabled && store.hasPending()) void saveEdits(deps);
    };
  }, [deps, enabled, store]);

  return { ...state, offline: state.offline || !browserOnline, save };
}
