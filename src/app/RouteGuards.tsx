import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../shared/hooks';
import { currentPath, navigate } from '../shared/navigation';
import { DEFAULT_ROUTE, isAuthPage, PATHS } from '../kernel/paths';

/** Where the guards send someone on `pathname`, or null to stay (SPEC §2). */
export function guardRedirect(
  pathname: string,
  state: { webStatus: string | null; isLoggedIn: boolean; profileLoaded: boolean },
): string | null {
  if (isAuthPage(pathname)) return null;
  if (state.webStatus === 'submitted') return pathname === PATHS.completion ? null : PATHS.completion;
  // Wait for the profile before judging a logged-in user's /completion visit.
  const statusKnown = !state.isLoggedIn || state.profileLoaded;
  return statusKnown && pathname === PATHS.completion ? DEFAULT_ROUTE : null;
}

/**
 * SPEC §2: once submitted the applicant is always sent to /completion; a user who has not submitted and is
 * on /completion goes to the default route. Auth pages are left alone (a submitted user may still log out/in).
 * The rule is checked against the router's own location when it runs: React's view of the location can lag
 * behind a navigation already under way (a logout from /completion going to /login).
 */
export function RouteGuards() {
  const { pathname } = useLocation();
  const webStatus = useAppSelector((s) => s.session.web_status);
  const profileLoaded = useAppSelector((s) => s.session.profile_loaded);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  useEffect(() => {
    const here = currentPath();
    const to = guardRedirect(here, { webStatus, isLoggedIn, profileLoaded });
    if (to && to !== here) void navigate(to, { replace: true });
  }, [pathname, webStatus, profileLoaded, isLoggedIn]);
  return null;
}
