import { useCallback } from 'react';
import { useReportUnavailableQrCodeMutation, type QrUnavailabilityKind } from '../../../generated/graphql';
import type { OperationContext } from '../../../lib/apollo/client';
import { runMutation } from '../../../lib/apollo/runMutation';
import { refusalText, type Failure } from '../../../lib/outcome';

export type ReportResult =
  | { status: 'ok' }
  | { status: 'invalid'; kind?: string; comment?: string }
  | { status: 'refused'; message: string }
  | Exclude<Failure, { status: 'refused' }>;

/**
 * Flags entries whose location QR code cannot be scanned (mutation reportUnavailableQrCode). Field
 * errors come back per field (a missing comment for access_denied), other failures as a message.
 */
export function useReportUnavailableQrCode(): (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => Promise<ReportResult> {
  const [mutate] = useReportUnavailableQrCodeMutation({ context: { handlesErrors: true } satisfies OperationContext });
  return useCallback(
    async (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null): Promise<ReportResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { entryIds, kind, comment } })).data?.reportUnavailableQrCode);
      if (outcome.status === 'done') return { status: 'ok' };
      if (outcome.status !== 'refused') return outcome;
      const { errors } = outcome;
      const other = errors.filter((error) => error.field !== 'kind' && error.field !== 'comment');
      if (other.length > 0) return { status: 'refused', message: refusalText(other) };
      const field = (name: string) => errors.find((error) => error.field === name)?.message;
      return { status: 'invalid', kind: field('kind'), comment: field('comment') };
    },
    [mutate],
  );
}
