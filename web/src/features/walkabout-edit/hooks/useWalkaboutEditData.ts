import { useEffect, useRef, useState } from 'react';
import { useWalkaboutEditPageQuery, type WalkaboutEditPageQuery } from '../WalkaboutEditPage.generated';
import { appErrors } from '../../../lib/events';
import { dropChange, loadEdits, loadSnapshot, putChange, putPhoto, putSnapshot } from '../../../lib/outbox/pendingEdits';
import { WalkaboutEditStore, type EditPersistence } from '../state/walkaboutEditStore';

/** The user whose walkabouts this device last opened, to reopen one offline (the query cannot tell then). */
const LAST_VIEWER_KEY = 'fsi.walkaboutEdit.lastViewerId';

export type EditData =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'notFound' }
  | {
      status: 'ready';
      data: WalkaboutEditPageQuery & { walkabout: NonNullable<WalkaboutEditPageQuery['walkabout']> };
      store: WalkaboutEditStore;
      /** Opened without a network: the walkabout as last loaded on this device. */
      fromDevice: boolean;
      /** Loads the walkabout from the server again (the device's unsaved work is laid over it again). */
      reload: () => void;
    };

function reportStorageFailure(error: unknown) {
  appErrors.emit(`This device could not keep the change: ${error instanceof Error ? error.message : String(error)}`);
}

function persistenceFor(userId: string, walkaboutId: string): EditPersistence {
  return {
    putCondition: (draft, revision) =>
      void putChange({ userId, walkaboutId, target: `c:${draft.id}`, revision, condition: draft }).catch(reportStorageFailure),
    putEntry: (draft, revision) =>
      void putChange({ userId, walkaboutId, target: `e:${draft.id}`, revision, entry: draft }).catch(reportStorageFailure),
    putPhoto: (photoId, blob, name) =>
      void putPhoto({ userId, walkaboutId, photoId, blob, name, mimetype: blob.type, url: null }).catch(reportStorageFailure),
    putQrReport: (target, draft, revision) => void putChange({ userId, walkaboutId, target, revision, qrReport: draft }).catch(reportStorageFailure),
    dropQrReport: (target) => void dropChange(userId, walkaboutId, target).catch(reportStorageFailure),
  };
}

/**
 * The walkabout from the server with the device's unsaved work laid over it (pending changes win).
 * The tree goes into the screen's own store rather than Apollo's cache (fetchPolicy no-cache): the
 * store is what rows subscribe to. Without a network, the walkabout as last loaded on this device
 * opens instead.
 */
export function useWalkaboutEditData(walkaboutId: string): EditData {
  const query = useWalkaboutEditPageQuery({ variables: { id: walkaboutId }, fetchPolicy: 'no-cache', notifyOnNetworkStatusChange: true });
  const [ready, setReady] = useState<Extract<EditData, { status: 'ready' }> | null>(null);
  const [deviceMissing, setDeviceMissing] = useState(false);
  const { data, error, refetch } = query;
  const latestRefetch = useRef(refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  }, [refetch]);

  useEffect(() => {
    let cancelled = false;
    const open = async (source: WalkaboutEditPageQuery, fromDevice: boolean) => {
      const walkabout = source.walkabout;
      if (!walkabout) return;
      const userId = source.viewer.id;
      const edits = await loadEdits(userId, walkaboutId);
      if (cancelled) return;
      const store = new WalkaboutEditStore(walkabout, edits, persistenceFor(userId, walkaboutId));
      setReady({ status: 'ready', data: { ...source, walkabout }, store, fromDevice, reload: () => void latestRefetch.current() });
    };
    if (data?.walkabout) {
      window.localStorage.setItem(LAST_VIEWER_KEY, data.viewer.id);
      void putSnapshot({ userId: data.viewer.id, walkaboutId, data, loadedAt: new Date().toISOString() }).catch(() => undefined);
      void open(data, false).catch(reportStorageFailure);
    } else if (error && !data && error.networkError) {
      const userId = window.localStorage.getItem(LAST_VIEWER_KEY);
      void (async () => {
        const snapshot = userId ? await loadSnapshot(userId, walkaboutId) : undefined;
        if (cancelled) return;
        if (snapshot) await open(snapshot.data, true);
        else setDeviceMissing(true);
      })().catch(() => setDeviceMissing(true));
    }
    return () => {
      cancelled = true;
    };
  }, [data, error, walkaboutId]);

  if (ready && ready.data.walkabout.id === walkaboutId) return ready;
  if (data && !data.walkabout) return { status: 'notFound' };
  if (error && (deviceMissing || !error.networkError)) return { status: 'failed', retry: () => void refetch() };
  return { status: 'loading' };
}
