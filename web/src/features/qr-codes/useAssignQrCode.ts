import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { QrCodesPageDocument, type QrCodeRow_LocationFragment } from './QrCodesPage.generated';
import { useAssignQrCodeMutation, useValidateQrCodeUrlMutation, type ValidateQrCodeUrlMutation } from './AssignQrCodeSheet.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf, refusalText } from '../../lib/outcome';

/** inspection.md section 8: the scanned text is not an unassigned code of the building's organization. */
export const QR_NOT_SUPPORTED = 'QR code not supported.';
export const QR_CHECK_FAILED = 'The QR code could not be checked. Check your connection and try again.';
export const QR_ASSIGN_FAILED = 'The QR code could not be assigned. Check your connection and try again.';

export type ScannedCode = NonNullable<ValidateQrCodeUrlMutation['validateQrCodeUrl']['code']>;

export type CheckResult = { status: 'valid'; code: ScannedCode } | { status: 'invalid'; message: string } | { status: 'failed'; message: string };

export type AssignResult =
  | { status: 'assigned'; location: QrCodeRow_LocationFragment }
  /** The code is not (or no longer) assignable: scan another one. */
  | { status: 'unsupported'; message: string }
  /** The location's code changed meanwhile (CONFLICT), or another refusal: said as the server says it. */
  | { status: 'refused'; message: string }
  | { status: 'failed'; message: string };

const HANDLES_ERRORS = { handlesErrors: true } satisfies OperationContext;

/**
 * The assign-QR-code sheet's two calls (admin-organizations-buildings.md sections 2 and 6; inspection.md sections 5
 * and 8): `check` asks the backend whether the scanned or typed text names an unassigned code of the building's
 * organization ('QR code not supported.' when not); `assign` gives it to the location, naming the temporary uuid the
 * location has now so that a change made meanwhile is refused rather than overwritten. The payload's location updates
 * the list's row (its image and link) through the cache.
 */
export function useAssignQrCode(buildingId: string) {
  const [validate] = useValidateQrCodeUrlMutation({ context: HANDLES_ERRORS });
  const [mutate] = useAssignQrCodeMutation({ context: HANDLES_ERRORS });
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);

  const check = async (url: string): Promise<CheckResult> => {
    setBusy(true);
    try {
      const outcome = await runMutation(async () => (await validate({ variables: { buildingId, url } })).data?.validateQrCodeUrl);
      if (outcome.status === 'done' && outcome.value.code) return { status: 'valid', code: outcome.value.code };
      const errors = fieldErrorsOf(outcome);
      if (errors.length > 0) return { status: 'invalid', message: refusalText(errors) };
      if (outcome.status === 'done') return { status: 'invalid', message: QR_NOT_SUPPORTED };
      return { status: 'failed', message: QR_CHECK_FAILED };
    } finally {
      setBusy(false);
    }
  };

  const assign = async (location: Pick<QrCodeRow_LocationFragment, 'regularUuid' | 'temporaryUuid'>, newUuid: string): Promise<AssignResult> => {
    setBusy(true);
    try {
      const outcome = await runMutation(
        async () =>
          (
            await mutate({
              variables: { buildingId, newUuid, existingUuid: location.regularUuid, existingTemporaryUuid: location.temporaryUuid ?? null },
            })
          ).data?.assignQrCode,
      );
      if (outcome.status === 'done' && outcome.value.location) return { status: 'assigned', location: outcome.value.location };
      const errors = fieldErrorsOf(outcome);
      const atCode = errors.filter((error) => error.field === 'newUuid');
      if (atCode.length > 0) return { status: 'unsupported', message: refusalText(atCode) };
      if (errors.some((error) => error.code === 'CONFLICT')) {
        // The location's code changed meanwhile: the list is read again, so that the sheet (which shows the list's
        // location) names the code it has now when the user tries again.
        await client.refetchQueries({ include: [QrCodesPageDocument] }).catch(() => undefined);
      }
      if (errors.length > 0) return { status: 'refused', message: refusalText(errors) };
      if (outcome.status === 'refused') return { status: 'refused', message: refusalText(outcome.errors) };
      return { status: 'failed', message: QR_ASSIGN_FAILED };
    } finally {
      setBusy(false);
    }
  };

  return { check, assign, busy };
}
