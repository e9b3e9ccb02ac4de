import { useCallback, useState } from 'react';
import type { FieldError } from '../../generated/schema';
import type { SignInMutation, SignInMutationVariables } from './SignIn.generated';
import { requestMutation } from '../../lib/graphqlRequest';
import { fieldErrorsOf } from '../../lib/outcome';
import { useSession } from '../../lib/session/SessionProvider';
import signInOperation from './SignIn.graphql?raw';

/** Spec section 8, word for word (the spelling of 'occured' included). */
export const SIGN_IN_INCORRECT = 'Could not sign in. Username or password is incorrect.';
export const SIGN_IN_UNKNOWN = 'Could not sign in. An unknown error occured. Please try again later.';

/**
 * Wrong credentials always show the spec's one message; any other refusal (too many attempts) says
 * in the server's words how long to wait, since 'incorrect' would send the user to type the right
 * password again in vain. The code decides, never the message's text.
 */
function refusalMessage(error: Pick<FieldError, 'code' | 'message'> | undefined): string {
  if (!error || error.code === 'INCORRECT_CREDENTIALS') return SIGN_IN_INCORRECT;
  return `Could not sign in. ${error.message}`;
}

type SignInResult = { ok: true } | { ok: false; message: string };

/**
 * Exchanges the credentials for a token and starts the session. A refusal
 * arrives as payload errors (the REST 422); anything else, a fault. Posted with
 * fetch (requestMutation), not Apollo Client, which loads only once signed in.
 */
export function useSignIn() {
  const [signingIn, setSigningIn] = useState(false);
  const { startSession } = useSession();

  const signIn = useCallback(
    async (username: string, password: string): Promise<SignInResult> => {
      setSigningIn(true);
      const variables: SignInMutationVariables = { username, password };
      const outcome = await requestMutation(signInOperation, variables, (data: SignInMutation) => data.signIn).finally(() => setSigningIn(false));
      if (outcome.status === 'done') {
        if (!outcome.value.accessToken) return { ok: false, message: refusalMessage(undefined) };
        startSession(outcome.value.accessToken);
        return { ok: true };
      }
      const [refusal] = fieldErrorsOf(outcome);
      return { ok: false, message: refusal ? refusalMessage(refusal) : SIGN_IN_UNKNOWN };
    },
    [startSession],
  );

  return { signIn, signingIn };
}
