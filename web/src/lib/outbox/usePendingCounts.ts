import { useEffect, useState } from 'react';
import { pendingCounts, pendingEditsConfirmed } from './pendingEdits';

const NONE = new Map<string, number>();

/** How many changes of each walkabout wait on this device for the server (read again after each save). */
export function usePendingCounts(userId: string | undefined): ReadonlyMap<string, number> {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(NONE);
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
