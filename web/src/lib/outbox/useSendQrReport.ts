import { useCallback } from 'react';
import { useReportUnavailableQrCodeMutation } from './useSendQrReport.generated';
import type { OperationContext } from '../apollo/client';
import { runMutation } from '../apollo/runMutation';
import type { Outcome } from '../outcome';
import type { QrReportDraft } from './drafts';

/**
 * Sends one 'QR code unavailable' report of the outbox (mutation reportUnavailableQrCode). Like the
 * save, it shows no message of its own: the outbox keeps the report until the server confirms it.
 */
export function useSendQrReport(): (draft: QrReportDraft) => Promise<Outcome<unknown>> {
  const [mutate] = useReportUnavailableQrCodeMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    (draft: QrReportDraft) =>
      runMutation(async () => (await mutate({ variables: { entryIds: draft.entryIds, kind: draft.kind, comment: draft.comment } })).data?.reportUnavailableQrCode),
    [mutate],
  );
}
