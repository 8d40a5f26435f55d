import { safeStaffReturnTo, STAFF_API, STAFF_PATHS } from '../kernel/staff/paths';

/**
 * The `?returnTo=` that brings a staff member back to `here` (a console page's path and query) once signed in: ''
 * for the console's home, or for anything safeStaffReturnTo refuses (another origin, the API, the sign-in page).
 */
export function returnToQuery(here: string | null | undefined): string {
  const back = safeStaffReturnTo(here);
  return back === STAFF_PATHS.home ? '' : `?returnTo=${encodeURIComponent(back)}`;
}

/** The sign-in page's address that returns to `here` after sign-in (a link opened signed out, a session that ended). */
export const signInPath = (here?: string | null) => `${STAFF_PATHS.signIn}${returnToQuery(here)}`;

/** A single sign-on's start (`sso` for OpenID Connect, `saml`), carrying where to return after it. */
export const ssoStartPath = (kind: 'sso' | 'saml', returnTo: string | null) =>
  `${STAFF_API}/${kind}/start${returnToQuery(returnTo)}`;
