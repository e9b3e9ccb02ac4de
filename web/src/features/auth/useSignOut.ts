import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from './SignOut.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { clearStoredSession } from '../../lib/session/session';

/**
 * Ends the session on the server, then on the device whatever the server
 * answered: a user who asks to sign out is signed out, even offline.
 */
export function useSignOut() {
  const [signOut, { loading }] = useSignOutMutation({ context: { handlesErrors: true } satisfies OperationContext });
  const navigate = useNavigate();

  const run = useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The device forgets the token all the same; a server that could not be reached lets it expire.
    }
    // The token leaves the device now; the sign-in page then ends the rest of
    // the session (state and cache) when it opens. Ending that here would reach
    // the route guard before the navigation (which React Router runs as a
    // transition), and the guard would offer to come back to this page after
    // the next sign-in.
    clearStoredSession();
    navigate('/signin', { replace: true });
  }, [signOut, navigate]);

  return { signOut: run, signingOut: loading };
}
