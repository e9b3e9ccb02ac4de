import { useState } from 'react';
import { qrCountError } from '@fsi/shared';
import { useGenerateQrCodesMutation, UnassignedQrCodesPageDocument } from './UnassignedQrCodesPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf, refusalText } from '../../lib/outcome';

export const QR_GENERATE_FAILED = 'The QR codes could not be generated. Check your connection and try again.';
export const qrCodesGeneratedMessage = (count: number) => (count === 1 ? '1 QR code generated.' : `${count} QR codes generated.`);

export type GenerateResult = { status: 'generated'; count: number } | { status: 'invalid'; message: string } | { status: 'failed'; message: string };

/**
 * Batch generation of unassigned QR codes (admin-organizations-buildings.md sections 5 and 9): the count is checked
 * by the shared rule as typed, before anything is sent, and again by the backend, whose message is shown at the
 * field. The list is asked again afterwards, since the new codes come first.
 */
export function useGenerateQrCodes(organizationId: string) {
  const [mutate] = useGenerateQrCodesMutation({
    context: { handlesErrors: true } satisfies OperationContext,
    refetchQueries: [UnassignedQrCodesPageDocument],
    awaitRefetchQueries: true,
  });
  const [busy, setBusy] = useState(false);

  const generate = async (typed: string): Promise<GenerateResult> => {
    const invalid = qrCountError(typed);
    if (invalid) return { status: 'invalid', message: invalid };
    setBusy(true);
    try {
      const outcome = await runMutation(async () => (await mutate({ variables: { organizationId, count: Number(typed.trim()) } })).data?.generateQrCodes);
      if (outcome.status === 'done') return { status: 'generated', count: outcome.value.codes.length };
      const errors = fieldErrorsOf(outcome);
      if (errors.length > 0) return { status: 'invalid', message: refusalText(errors) };
      if (outcome.status === 'refused') return { status: 'failed', message: refusalText(outcome.errors) };
      return { status: 'failed', message: QR_GENERATE_FAILED };
    } finally {
      setBusy(false);
    }
  };

  return { generate, busy };
}
