import { useCallback, useState } from 'react';
import type { ChangePasswordMutation, ChangePasswordMutationVariables } from './ChangePassword.generated';
import type { FieldError } from '../../generated/schema';
import { requestMutation } from '../../lib/graphqlRequest';
import { fieldErrorsOf } from '../../lib/outcome';
import changePasswordOperation from './ChangePassword.graphql?raw';

type ChangeResult = { ok: true } | { ok: false; errors: readonly Pick<FieldError, 'field' | 'message'>[] };

const UNKNOWN = 'The password could not be changed. Please try again later.';

/**
 * Sets the new password with the hash of a reset link; the server's field errors come back to the form. Posted
 * with fetch, as sign-in: the page is reached from an e-mail, without a session.
 */
export function useChangePassword() {
  const [changing, setChanging] = useState(false);

  const changePassword = useCallback(
    async (token: string, password: string, confirmation: string): Promise<ChangeResult> => {
      setChanging(true);
      const variables: ChangePasswordMutationVariables = { token, password, confirmation };
      const outcome = await requestMutation(changePasswordOperation, variables, (data: ChangePasswordMutation) => data.changePassword).finally(() => setChanging(false));
      if (outcome.status === 'done' && outcome.value.ok) return { ok: true };
      const errors = fieldErrorsOf(outcome);
      return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: UNKNOWN }] };
    },
    [],
  );

  return { changePassword, changing };
}
