import { useCallback } from 'react';
import { useChangePasswordMutation, type FieldError } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';

type ChangeResult = { ok: true } | { ok: false; errors: readonly Pick<FieldError, 'field' | 'message'>[] };

const UNKNOWN = 'The password could not be changed. Please try again later.';

/** Sets the new password with the hash of a reset link; the server's field errors come back to the form. */
export function useChangePassword() {
  const [mutate, { loading }] = useChangePasswordMutation({ context: { handlesErrors: true } satisfies OperationContext });

  const changePassword = useCallback(
    async (token: string, password: string, confirmation: string): Promise<ChangeResult> => {
      const outcome = await runMutation(async () => (await mutate({ variables: { token, password, confirmation } })).data?.changePassword);
      if (outcome.status === 'done' && outcome.value.ok) return { ok: true };
      const errors = fieldErrorsOf(outcome);
      return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: UNKNOWN }] };
    },
    [mutate],
  );

  return { changePassword, changing: loading };
}
