import { useEffect, useState } from 'react';
import { walkaboutTitle } from '@fsi/shared';
import { loadSnapshots, type PendingTally } from './pendingEdits';
import { usePendingCounts } from './usePendingCounts';

export type PendingWalkabout = {
  walkaboutId: string;
  /** Null when this device never loaded the walkabout itself (it cannot be linked then). */
  buildingId: string | null;
  title: string;
  buildingName: string | null;
  tally: PendingTally;
};

/**
 * The walkabouts whose work waits on this device, named from the copy the device last loaded
 * (issue 9, point 12): what an inspector who reopens the app in a basement needs to get back to one.
 */
export function usePendingWalkabouts(userId: string | undefined): PendingWalkabout[] {
  const counts = usePendingCounts(userId);
  const [names, setNames] = useState<ReadonlyMap<string, { buildingId: string; title: string; buildingName: string }>>(new Map());
  useEffect(() => {
    if (!userId || counts.size === 0) return;
    let current = true;
    loadSnapshots(userId).then(
      (snapshots) => {
        if (!current) return;
        const found = new Map<string, { buildingId: string; title: string; buildingName: string }>();
        for (const { walkaboutId, data } of snapshots) {
          const walkabout = data.walkabout;
          if (walkabout) found.set(walkaboutId, { buildingId: walkabout.building.id, title: walkaboutTitle(walkabout.cycle.name), buildingName: walkabout.building.name });
        }
        setNames(found);
      },
      () => undefined, // No IndexedDB: nothing is kept, so nothing is listed.
    );
    return () => {
      current = false;
    };
  }, [userId, counts]);
  return [...counts].map(([walkaboutId, tally]) => {
    const name = names.get(walkaboutId);
    return { walkaboutId, tally, buildingId: name?.buildingId ?? null, title: name?.title ?? `Walkabout ${walkaboutId}`, buildingName: name?.buildingName ?? null };
  });
}
