import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

type SessionProviderProps = {
  /**
   * Forgets every record the signed-in app has cached (Apollo Client's store, when it has loaded): given by the
   * app, so that the session itself, needed on sign-in, does not bring Apollo Client onto sign-in's critical path.
   */
  clearCache: () => Promise<unknown>;
  children: ReactNode;
};

export function SessionProvider({ clearCache, children }: SessionProviderProps) {
  const [token, setToken] = useState<string | null>(() => readAccessToken());

  const startSession = useCallback((accessToken: string) => {
    storeAccessToken(accessToken);
    setToken(accessToken);
  }, []);

  const endSession = useCallback(async () => {
    clearStoredSession();
    setToken(null);
    await clearCache();
  }, [clearCache]);

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
