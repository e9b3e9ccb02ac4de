import { useCallback } from 'react';
import { useRequestPasswordResetMutation } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';

type ResetResult = { ok: true } | { ok: false; message: string };

/** Asks for the reset e-mail; the answer never tells whether the account exists. */
export function useRequestPasswordReset() {
  const [mutate, { loading }] = useRequestPasswordResetMutation({
    context: { handlesErrors: true } satisfies OperationContext,
  });

  const requestReset = useCallback(
    async (usernameOrEmail: string): Promise<ResetResult> => {
      try {
        const { data } = await mutate({ variables: { usernameOrEmail } });
        const firstError = data?.requestPasswordReset.errors[0];
        if (firstError) return { ok: false, message: firstError.message };
        return { ok: true };
      } catch {
        return { ok: false, message: 'The e-mail could not be sent. Please try again later.' };
      }
    },
    [mutate],
  );

  return { requestReset, requesting: loading };
}
