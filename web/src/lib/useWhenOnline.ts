import { useEffect, useRef } from 'react';
import { onWindowEvent } from './signal';

/** Calls `onOnline` each time the browser reports that the network is back (window 'online'). */
export function useWhenOnline(onOnline: () => void): void {
  const latest = useRef(onOnline);
  useEffect(() => {
    latest.current = onOnline;
  });
  useEffect(() => onWindowEvent('online', () => latest.current()), []);
}
