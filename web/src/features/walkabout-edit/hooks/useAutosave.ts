import { useEffect, useRef } from 'react';
import { onWindowEvent } from '../../../lib/signal';

/** inspection.md section 9: the idle check runs every 3 seconds. */
export const AUTOSAVE_CHECK_MS = 3000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/**
 * Calls onIdle when the inspector has done nothing for periodMins minutes (the user's
 * walkaboutAutoSavePeriodMins), checked every 3 seconds (inspection.md sections 4 and 9). The idle
 * time starts again after each call, so an idle screen is not saved every 3 seconds.
 */
export function useAutosave(periodMins: number | null | undefined, enabled: boolean, onIdle: () => void): void {
  const lastActivity = useRef(Date.now());
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled || !periodMins || periodMins <= 0) return;
    const periodMs = periodMins * 60_000;
    lastActivity.current = Date.now();
    const touch = () => {
      lastActivity.current = Date.now();
    };
    const stopListening = ACTIVITY_EVENTS.map((type) => onWindowEvent(type, touch, { capture: true, passive: true }));
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current < periodMs) return;
      lastActivity.current = Date.now();
      callback.current();
    }, AUTOSAVE_CHECK_MS);
    return () => {
      window.clearInterval(timer);
      for (const stop of stopListening) stop();
    };
  }, [enabled, periodMins]);
}
