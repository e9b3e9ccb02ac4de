import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SignInPage } from '../features/auth/SignInPage';
import { RequireSession } from './RequireSession';
import { ApolloGate } from './ApolloGate';
import { ScrollToTop } from './ScrollToTop';
import { PageLoading } from './PageLoading';
import { ScreenBoundary } from './ScreenBoundary';
import { ChangePasswordPage, ForgotPasswordPage, SHELL_ROUTES, Shell, preloadAfterSignIn } from './lazyPages';
import { useSession } from '../lib/session/SessionProvider';

/**
 * The route table of spec inspection.md section 2, as far as it is built. Sign-in is in the first
 * chunk; every other screen arrives when it is first opened (lazyPages.ts), inside the shell, whose
 * header and toolbar stay in place while it does. Apollo Client too loads behind sign-in (ApolloGate):
 * the screens reached without a session post their operations with fetch.
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/signin" element={<SignInRoute />} />
        <Route path="/forgot-password" element={<Page fullPage><ForgotPasswordPage /></Page>} />
        <Route path="/change-password" element={<Page fullPage><ChangePasswordPage /></Page>} />
        <Route
          element={
            <RequireSession>
              <Page fullPage>
                <ApolloGate>
                  <Shell />
                </ApolloGate>
              </Page>
            </RequireSession>
          }
        >
          {SHELL_ROUTES.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<ShellScreen Screen={Screen} />} />
          ))}
        </Route>
      </Routes>
    </>
  );
}

/** '/' goes to sign-in without a stored token, else to the buildings. */
function HomeRedirect() {
  const { isSignedIn } = useSession();
  return <Navigate to={isSignedIn ? '/buildings' : '/signin'} replace />;
}

/** A screen inside the shell: its failure (code not fetched, or thrown while rendering) stays on it, reset by going elsewhere. */
function ShellScreen({ Screen }: { Screen: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary key={pathname}>
      <Page>
        <Screen />
      </Page>
    </ScreenBoundary>
  );
}

/** A lazy screen with the loader in its place until its code is there. */
function Page({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  return <Suspense fallback={<PageLoading fullPage={fullPage} />}>{children}</Suspense>;
}

/** Sign-in, and at idle the screens it leads to. */
function SignInRoute() {
  useEffect(() => preloadAfterSignIn(), []);
  return <SignInPage />;
}
