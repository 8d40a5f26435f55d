/** The server's readable marker cookie: present while a session exists (SPEC §1). The session itself is HttpOnly. */
export const LOGIN_MARKER_COOKIE = 'logged_in';

export function hasLoginCookie(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies
    .split(';')
    .some((c) => c.trim().startsWith(`${LOGIN_MARKER_COOKIE}=`) && c.trim() !== `${LOGIN_MARKER_COOKIE}=`);
}
