import { useEffect, useState } from 'react';
import { pendingCounts, pendingEditsConfirmed, type PendingTally } from './pendingEdits';

const NONE = new Map<string, PendingTally>();

/** What of each walkabout waits on this device for the server: results, scans, QR code reports (read again after each save). */
export function usePendingCounts(userId: string | undefined): ReadonlyMap<string, PendingTally> {
  const [counts, setCounts] = useState<ReadonlyMap<string, PendingTally>>(NONE);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const read = () => {
      pendingCounts(userId).then(
        (next) => {
          if (current) setCounts(next);
        },
        () => undefined, // No IndexedDB on this device: nothing is kept, so nothing is shown.
      );
    };
    read();
    const unsubscribe = pendingEditsConfirmed.subscribe(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [userId]);
  return userId ? counts : NONE;
}
