import { useEffect, useRef } from 'react';
import { onWindowEvent } from '../../../lib/signal';

/** inspection.md section 9: the idle check runs every 3 seconds. */
export const AUTOSAVE_CHECK_MS = 3000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** Why the autosave tick saves: the inspector was idle for their period, or moved to another location. */
export type AutosaveReason = 'idle' | 'locationChange';

/**
 * The autosave check (inspection.md sections 4 and 9), every 3 seconds while the walkabout takes
 * results: it calls onSave('locationChange') when the location-change flag was raised since the last
 * check (takeLocationChange reads and lowers it), else onSave('idle') when the inspector has done
 * nothing for periodMins minutes (the user's walkaboutAutoSavePeriodMins; no period, no idle save).
 * The idle time starts again after each save, so an idle screen is not saved every 3 seconds.
 */
export function useAutosave({
  periodMins,
  enabled,
  takeLocationChange,
  onSave,
}: {
  periodMins: number | null | undefined;
  enabled: boolean;
  takeLocationChange: () => boolean;
  onSave: (reason: AutosaveReason) => void;
}): void {
  const lastActivity = useRef(Date.now());
  const latest = useRef({ takeLocationChange, onSave });
  useEffect(() => {
    latest.current = { takeLocationChange, onSave };
  }, [takeLocationChange, onSave]);

  useEffect(() => {
    if (!enabled) return;
    const periodMs = periodMins && periodMins > 0 ? periodMins * 60_000 : null;
    lastActivity.current = Date.now();
    const touch = () => {
      lastActivity.current = Date.now();
    };
    const stopListening = ACTIVITY_EVENTS.map((type) => onWindowEvent(type, touch, { capture: true, passive: true }));
    const timer = window.setInterval(() => {
      if (latest.current.takeLocationChange()) {
        latest.current.onSave('locationChange');
        return;
      }
      if (periodMs === null || Date.now() - lastActivity.current < periodMs) return;
      lastActivity.current = Date.now();
      latest.current.onSave('idle');
    }, AUTOSAVE_CHECK_MS);
    return () => {
      window.clearInterval(timer);
      for (const stop of stopListening) stop();
    };
  }, [enabled, periodMins]);
}
