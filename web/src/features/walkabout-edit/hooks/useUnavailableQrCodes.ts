import { useCallback, useState } from 'react';
import type { QrUnavailabilityKind } from '../../../generated/graphql';
import type { UnavailableTarget } from '../components/UnavailableQrCodeModal';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';

/**
 * Unavailable QR codes (inspection.md section 2): flagging an entry flags every entry of its location
 * on its floor, and the reason reported is kept with those entries.
 */
export function useUnavailableQrCodes(store: WalkaboutEditStore) {
  const [target, setTarget] = useState<UnavailableTarget | null>(null);
  const flagUnavailable = useCallback(
    (entryId: string) => {
      const info = store.getEntryInfo(entryId);
      const entryIds = store.floors
        .find((candidate) => candidate.id === info.floorId)
        ?.entryIds.filter((id) => store.getEntryInfo(id).locationId === info.locationId) ?? [entryId];
      setTarget({ entryIds, locationName: info.locationName });
    },
    [store],
  );
  const onReported = (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => store.setQrReason(entryIds, { kind, comment });
  return { target, flagUnavailable, close: () => setTarget(null), onReported };
}
