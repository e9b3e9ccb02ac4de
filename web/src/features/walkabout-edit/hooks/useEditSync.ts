import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { debugLog } from '../../../lib/debugLog';
import { holdInEditor } from '../../../lib/outbox/backgroundSync';
import { batchConfirmed, saveEdits, type SaveDeps, type SaveOutcome } from '../../../lib/outbox/saveQueue';
import { uploadFile } from '../../../lib/upload/uploadFile';
import { useSaveWalkabout } from '../../../lib/outbox/useSaveWalkabout';
import { useSendQrReport } from '../../../lib/outbox/useSendQrReport';
import { retryDelay } from '../../../lib/outbox/useBackgroundSync';
import { reportUnreachable, serverAnswered } from '../../../lib/connection';
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

/** Where the device's work stands: 'offline' (the browser has no network), 'unreachable' (it has one, the last save got no answer), or 'online'. */
export type SyncConnection = 'online' | 'offline' | 'unreachable';

/**
 * Saves the device's pending work to the server (DESIGN.md "Field conditions"): on demand (Save,
 * floor change, autosave), when the page opens with work left from before, when the browser says
 * the network is back, as soon as any call of the app gets an answer after an outage, and after a
 * save that got no answer with a backoff capped at 5 s (retryDelay), so that the work is on the
 * server within 10 s of it answering again (issue 9, point 14). Leaving the screen starts one last
 * save that finishes on its own.
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
  const report = useSendQrReport();
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
    () => ({
      userId,
      walkaboutId,
      send,
      upload: uploadFile,
      report,
      onConfirmed: (revisions) => store.confirm(revisions),
      onQrRefused: (target, errorMessage) => store.refuseQr(target, errorMessage),
    }),
    [userId, walkaboutId, send, report, store],
  );

  const clearRetry = () => {
    if (retry.current.timer !== null) window.clearTimeout(retry.current.timer);
    retry.current.timer = null;
  };

  const save = useCallback(async (options: { generateReport?: boolean } = {}): Promise<SaveOutcome> => {
    clearRetry();
    if (!enabled) return { status: 'nothing' };
    setState((current) => ({ ...current, saving: true }));
    const started = performance.now();
    debugLog(`save: started with ${store.getPendingCount()} unsaved change(s)`);
    const outcome = await saveEdits({ ...deps, generateReport: options.generateReport });
    debugLog(`save: ${outcome.status}${outcome.status === 'refused' ? ` (${outcome.message})` : ''} after ${Math.round(performance.now() - started)} ms`);
    if (!mounted.current) return outcome;
    setState((current) => ({
      saving: false,
      offline: outcome.status === 'offline',
      lastSavedAt: outcome.status === 'saved' ? new Date().toISOString() : current.lastSavedAt,
      refusal: outcome.status === 'refused' ? outcome.message : outcome.status === 'saved' ? null : current.refusal,
    }));
    // A photo's upload is not a GraphQL call: its failure is told to the connection record here.
    if (outcome.status === 'offline') reportUnreachable();
    // Without a network the browser's 'online' event starts the next save; with one, the server is retried.
    if (outcome.status === 'offline' && navigator.onLine) {
      const delay = retryDelay(retry.current.attempt);
      retry.current.attempt += 1;
      retry.current.timer = window.setTimeout(() => void save(), delay);
    } else if (outcome.status !== 'offline') {
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
    const again = () => {
      retry.current.attempt = 0;
      if (store.hasPending()) void latestSave.current();
    };
    const stopOnline = onWindowEvent('online', again);
    const stopAnswered = serverAnswered.subscribe(again);
    return () => {
      stopOnline();
      stopAnswered();
    };
  }, [enabled, store]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearRetry();
      if (enabled && store.hasPending()) void saveEdits(deps);
    };
  }, [deps, enabled, store]);

  const connection: SyncConnection = !browserOnline ? 'offline' : state.offline ? 'unreachable' : 'online';
  return { ...state, offline: state.offline || !browserOnline, connection, save };
}
