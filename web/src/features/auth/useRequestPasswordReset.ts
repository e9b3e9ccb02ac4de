import { useCallback } from 'react';
import { useRequestPasswordResetMutation } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';

type ResetResult = { ok: true } | { ok: false; message: string };

/** Asks for the reset e-mail; the answer never tells whether the account exists. */
export function useRequestPasswordReset() {
  const [mutate, { loading }] = useRequestPasswordResetMutation({
    context: { handlesErrors: true } satisfies OperationContext,
  });

  const requestReset = useCallback(
    async (usernameOrEmail: string): Promise<ResetResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { usernameOrEmail } })).data?.requestPasswordReset);
      if (outcome.status === 'done') return { ok: true };
      const [firstError] = fieldErrorsOf(outcome);
      return { ok: false, message: firstError?.message ?? 'The e-mail could not be sent. Please try again later.' };
    },
    [mutate],
  );

  return { requestReset, requesting: loading };
}
