import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signInPathFor } from '../lib/session/session';
import { useSession } from '../lib/session/SessionProvider';

/** Sends a signed-out visitor to sign-in, remembering the page so that a deep link lands there afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { isSignedIn } = useSession();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to={signInPathFor(location.pathname, location.search)} replace />;
  return children;
}
