import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { DEFAULT_ROUTE, isAuthPage, PATHS } from '../config/paths';

/**
 * SPEC §2: once submitted the applicant is always sent to /completion; a user who has not submitted and is
 * on /completion goes to the default route. Auth pages are left alone (a submitted user may still log out/in).
 */
export function RouteGuards() {
  const { pathname } = useLocation();
  const webStatus = useAppSelector((s) => s.session.web_status);
  const profileLoaded = useAppSelector((s) => s.session.profile_loaded);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  if (isAuthPage(pathname)) return null;
  if (webStatus === 'submitted' && pathname !== PATHS.completion) return <Navigate to={PATHS.completion} replace />;
  // Wait for the profile before judging a logged-in user's /completion visit.
  const statusKnown = !isLoggedIn || profileLoaded;
  if (statusKnown && webStatus !== 'submitted' && pathname === PATHS.completion)
    return <Navigate to={DEFAULT_ROUTE} replace />;
  return null;
}
