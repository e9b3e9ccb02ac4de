import { Navigate, Route, Routes } from 'react-router-dom';
import { SignInPage } from '../features/auth/SignInPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { BuildingsPage } from '../features/buildings/BuildingsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { WalkaboutsPage } from '../features/walkabouts/WalkaboutsPage';
import { LocationPage } from '../features/locations/LocationPage';
import { LocationLinkPage } from '../features/locations/LocationLinkPage';
import { WalkaboutEditPage } from '../features/walkabout-edit/WalkaboutEditPage';
import { RequireSession } from './RequireSession';
import { ScrollToTop } from './ScrollToTop';
import { Shell } from './shell/Shell';
import { useSession } from '../lib/session/SessionProvider';

/** The route table of spec inspection.md section 2, as far as it is built. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route
          element={
            <RequireSession>
              <Shell />
            </RequireSession>
          }
        >
          <Route path="/buildings" element={<BuildingsPage />} />
          <Route path="/buildings/:buildingId/walkabouts" element={<WalkaboutsPage />} />
          <Route path="/buildings/:buildingId/locations/:locationId" element={<LocationPage />} />
          <Route path="/q/:uuid" element={<LocationLinkPage />} />
          <Route path="/buildings/:buildingId/walkabouts/:walkaboutId" element={<WalkaboutEditPage />} />
          <Route path="*" element={<NotFoundPage />} />
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
