import { useCallback } from 'react';
import { useChangePasswordMutation, type FieldError } from '../../generated/graphql';
import type { OperationContext } from '../../lib/apollo/client';

type ChangeResult = { ok: true } | { ok: false; errors: Pick<FieldError, 'field' | 'message'>[] };

const UNKNOWN = 'The password could not be changed. Please try again later.';

/** Sets the new password with the hash of a reset link; the server's field errors come back to the form. */
export function useChangePassword() {
  const [mutate, { loading }] = useChangePasswordMutation({ context: { handlesErrors: true } satisfies OperationContext });

  const changePassword = useCallback(
    async (token: string, password: string, confirmation: string): Promise<ChangeResult> => {
      try {
        const { data } = await mutate({ variables: { token, password, confirmation } });
        const payload = data?.changePassword;
        if (!payload) return { ok: false, errors: [{ field: null, message: UNKNOWN }] };
        if (payload.errors.length > 0) return { ok: false, errors: payload.errors };
        if (!payload.ok) return { ok: false, errors: [{ field: null, message: UNKNOWN }] };
        return { ok: true };
      } catch {
        return { ok: false, errors: [{ field: null, message: UNKNOWN }] };
      }
    },
    [mutate],
  );

  return { changePassword, changing: loading };
}
