import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** How long a press must last to count as press-and-hold (inspection.md section 4). */
export const HOLD_MS = 500;

/**
 * Press-and-hold on a control that also answers taps: after HOLD_MS the hold fires and the click
 * that ends the press is swallowed. A right click, a long press that the browser turns into a
 * context menu, or the keyboard's context-menu key (Shift+F10) fire it too.
 */
export function usePressAndHold(onHold: () => void, enabled: boolean) {
  const timer = useRef<number | null>(null);
  const held = useRef(false);
  const pressing = useRef(false);

  const cancel = () => {
    pressing.current = false;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown: (event: PointerEvent) => {
      if (!enabled || event.button > 0) return;
      held.current = false;
      cancel();
      pressing.current = true;
      timer.current = window.setTimeout(() => {
        timer.current = null;
        held.current = true;
        onHold();
      }, HOLD_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: MouseEvent) => {
      if (!enabled) return;
      event.preventDefault();
      const duringPress = pressing.current;
      cancel();
      if (held.current) return;
      // A touch long press ends with a click to swallow; a keyboard or right-click menu does not.
      held.current = duringPress;
      onHold();
    },
    /** True once, for the click that ends a hold: the caller ignores that click. */
    consumeHold: () => {
      const wasHeld = held.current;
      held.current = false;
      return wasHeld;
    },
  };
}
