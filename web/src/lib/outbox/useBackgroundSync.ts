import { useEffect, useEffectEvent, useRef } from 'react';
import { savePendingWalkabouts } from './backgroundSync';
import { uploadFile } from '../upload/uploadFile';
import { useSaveWalkabout } from './useSaveWalkabout';
import { onWindowEvent } from '../signal';

/** How often the app looks for work left on the device while it is open (besides on start and 'online'). */
export const BACKGROUND_SYNC_MS = 60_000;

/**
 * Mounted by the shell for the signed-in user: saves the walkabouts whose work waits on the device
 * (backgroundSync.ts) when the app opens, when the browser says the network is back, and every
 * minute, since a network can come back (or a server restart end) without an 'online' event.
 */
export function useBackgroundSync(userId: string | undefined): void {
  const send = useSaveWalkabout();
  const running = useRef(false);
  const run = useEffectEvent(async () => {
    if (!userId || running.current || !navigator.onLine) return;
    running.current = true;
    try {
      await savePendingWalkabouts({ userId, send, upload: uploadFile });
    } catch {
      // IndexedDB unavailable: the editor says so when it opens; the next pass tries again.
    } finally {
      running.current = false;
    }
  });

  useEffect(() => {
    if (!userId) return;
    void run();
    const stopListening = onWindowEvent('online', () => void run());
    const timer = window.setInterval(() => void run(), BACKGROUND_SYNC_MS);
    return () => {
      stopListening();
      window.clearInterval(timer);
    };
  }, [userId]);
}
