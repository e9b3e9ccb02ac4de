import { useEffect, useEffectEvent, useRef } from 'react';
import { savePendingWalkabouts } from './backgroundSync';
import { uploadFile } from '../upload/uploadFile';
import { useSaveWalkabout } from './useSaveWalkabout';
import { useSendQrReport } from './useSendQrReport';
import { onWindowEvent } from '../signal';
import { serverAnswered } from '../connection';

/** How often the app looks for work left on the device while it is open (besides on start, 'online' and any answer of the server). */
export const BACKGROUND_SYNC_MS = 60_000;

/**
 * After a pass that found the server unreachable: 2 s, doubling up to 5 s, so that work waiting on
 * the device is saved within 10 s of the server answering again (issue 9, point 14), even on a screen
 * that makes no other call.
 */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 5_000;

/** The wait before retry number `attempt` (0 first): doubling, capped. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS);
}

/**
 * Mounted by the shell for the signed-in user: saves the walkabouts whose work waits on the device
 * (backgroundSync.ts) when the app opens, when the browser says the network is back, as soon as any
 * call of the app gets an answer after an outage, with a capped backoff while the server cannot be
 * reached, and every minute.
 */
export function useBackgroundSync(userId: string | undefined): void {
  const send = useSaveWalkabout();
  const report = useSendQrReport();
  const running = useRef(false);
  const retry = useRef<{ timer: number | null; attempt: number }>({ timer: null, attempt: 0 });
  const clearRetry = () => {
    if (retry.current.timer !== null) window.clearTimeout(retry.current.timer);
    retry.current.timer = null;
  };
  const run = useEffectEvent(async () => {
    if (!userId || running.current || !navigator.onLine) return;
    running.current = true;
    clearRetry();
    try {
      const result = await savePendingWalkabouts({ userId, send, upload: uploadFile, report });
      if (result === 'offline' && navigator.onLine) {
        retry.current.timer = window.setTimeout(() => void run(), retryDelay(retry.current.attempt));
        retry.current.attempt += 1;
      } else {
        retry.current.attempt = 0;
      }
    } catch {
      // IndexedDB unavailable: the editor says so when it opens; the next pass tries again.
    } finally {
      running.current = false;
    }
  });

  useEffect(() => {
    if (!userId) return;
    void run();
    const again = () => {
      retry.current.attempt = 0;
      void run();
    };
    const stopOnline = onWindowEvent('online', again);
    const stopAnswered = serverAnswered.subscribe(again);
    const timer = window.setInterval(() => void run(), BACKGROUND_SYNC_MS);
    return () => {
      stopOnline();
      stopAnswered();
      window.clearInterval(timer);
      clearRetry();
    };
  }, [userId]);
}
