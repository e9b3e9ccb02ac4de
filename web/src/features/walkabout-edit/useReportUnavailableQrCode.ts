import { useCallback } from 'react';
import { useReportUnavailableQrCodeMutation, type QrUnavailabilityKind } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
import { classifyError, type SendResult } from '../../lib/apollo/mutationOutcome';

export type ReportResult = SendResult | { status: 'invalid'; kind?: string; comment?: string };

/**
 * Flags entries whose location QR code cannot be scanned (mutation reportUnavailableQrCode). Field
 * errors come back per field (a missing comment for access_denied), other failures as a message.
 */
export function useReportUnavailableQrCode(): (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => Promise<ReportResult> {
  const [mutate] = useReportUnavailableQrCodeMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    async (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => {
      try {
        const { data } = await mutate({ variables: { entryIds, kind, comment } });
        const errors = data?.reportUnavailableQrCode.errors ?? [];
        if (errors.length > 0) {
          const field = (name: string) => errors.find((error) => error.field === name)?.message;
          const other = errors.filter((error) => error.field !== 'kind' && error.field !== 'comment');
          if (other.length > 0) return { status: 'refused', message: other.map((error) => error.message).join(' ') };
          return { status: 'invalid', kind: field('kind'), comment: field('comment') };
        }
        return data ? { status: 'ok' } : { status: 'offline' };
      } catch (error) {
        return classifyError(error);
      }
    },
    [mutate],
  );
}
