import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client';
import { sessionRefused } from '../events';
import { clearStoredSession, readAccessToken, storeAccessToken } from './session';

type Session = {
  /** True while an access token is stored. */
  isSignedIn: boolean;
  startSession: (accessToken: string) => void;
  /** Forgets the token, the building filter and every cached record (spec section 8). */
  endSession: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [token, setToken] = useState<string | null>(() => readAccessToken());

  const startSession = useCallback((accessToken: string) => {
    storeAccessToken(accessToken);
    setToken(accessToken);
  }, []);

  const endSession = useCallback(async () => {
    clearStoredSession();
    setToken(null);
    await client.clearStore();
  }, [client]);

  // The link has already cleared the stored token; dropping it here lets the
  // route guard send the user to sign-in with the page they were on, and the
  // sign-in page then clears the cache.
  useEffect(() => sessionRefused.subscribe(() => setToken(null)), []);

  const value = useMemo(
    () => ({ isSignedIn: token !== null, startSession, endSession }),
    [token, startSession, endSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
