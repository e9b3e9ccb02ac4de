import { useEffect, useRef } from 'react';

/** Calls `onOnline` each time the browser reports that the network is back (window 'online'). */
export function useWhenOnline(onOnline: () => void): void {
  const latest = useRef(onOnline);
  useEffect(() => {
    latest.current = onOnline;
  });
  useEffect(() => {
    const listener = () => latest.current();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, []);
}
