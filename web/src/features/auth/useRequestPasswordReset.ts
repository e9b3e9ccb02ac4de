import { useCallback, useState } from 'react';
import type { RequestPasswordResetMutation, RequestPasswordResetMutationVariables } from './ForgotPassword.generated';
import { requestMutation } from '../../lib/graphqlRequest';
import { fieldErrorsOf } from '../../lib/outcome';
import requestPasswordResetOperation from './ForgotPassword.graphql?raw';

type ResetResult = { ok: true } | { ok: false; message: string };

/** Asks for the reset e-mail; the answer never tells whether the account exists. Posted with fetch, as sign-in. */
export function useRequestPasswordReset() {
  const [requesting, setRequesting] = useState(false);

  const requestReset = useCallback(
    async (usernameOrEmail: string): Promise<ResetResult> => {
      setRequesting(true);
      const variables: RequestPasswordResetMutationVariables = { usernameOrEmail };
      const outcome = await requestMutation(requestPasswordResetOperation, variables, (data: RequestPasswordResetMutation) => data.requestPasswordReset).finally(() =>
        setRequesting(false),
      );
      if (outcome.status === 'done') return { ok: true };
      const [firstError] = fieldErrorsOf(outcome);
      return { ok: false, message: firstError?.message ?? 'The e-mail could not be sent. Please try again later.' };
    },
    [],
  );

  return { requestReset, requesting };
}
