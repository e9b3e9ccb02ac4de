import { useCallback, useState } from 'react';
import type { QrUnavailabilityKind } from '../../../generated/schema';
import type { UnavailableTarget } from '../components/UnavailableQrCodeModal';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';

/**
 * Unavailable QR codes (inspection.md section 2): flagging an entry flags every entry of its location
 * on its floor. The report goes to the device's outbox like a result and is sent with the next save
 * (issue 9, point 16), which starts at once: without a network it waits, and nothing typed is lost.
 */
export function useUnavailableQrCodes(store: WalkaboutEditStore, saveSoon: () => void) {
  const [target, setTarget] = useState<UnavailableTarget | null>(null);
  const flagUnavailable = useCallback(
    (entryId: string) => {
      const info = store.getEntryInfo(entryId);
      const entryIds = store.floors
        .find((candidate) => candidate.id === info.floorId)
        ?.entryIds.filter((id) => store.getEntryInfo(id).locationId === info.locationId) ?? [entryId];
      setTarget({ entryIds, locationName: info.locationName, kept: store.qrReportFor(entryIds) });
    },
    [store],
  );
  const onReported = (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => {
    store.reportQr(entryIds, kind, comment);
    saveSoon();
  };
  const onWithdraw = (entryIds: string[]) => {
    const kept = store.qrReportFor(entryIds);
    if (kept) store.withdrawQr(`q:${kept.entryIds[0] ?? ''}`);
  };
  return { target, flagUnavailable, close: () => setTarget(null), onReported, onWithdraw };
}
