import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from '../../generated/graphql';
import { useSession } from '../../app/SessionProvider';
import type { OperationContext } from '../../app/apollo';

/**
 * Ends the session on the server, then forgets it on the device whatever the
 * server answered: a user who asks to sign out is signed out, even offline.
 */
export function useSignOut() {
  const [signOut, { loading }] = useSignOutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  const { endSession } = useSession();
  const navigate = useNavigate();

  const run = useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The token is dropped locally below; a server that could not be reached lets it expire.
    }
    await endSession();
    navigate('/signin', { replace: true });
  }, [signOut, endSession, navigate]);

  return { signOut: run, signingOut: loading };
}
