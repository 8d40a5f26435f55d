/**
 * The server's readable marker cookie: present while a session exists (SPEC §1). The session itself is HttpOnly.
 * Its value is the number of this login (1 for the first), so the welcome banner, which depends on it, is right
 * from the first screen instead of appearing once the profile has loaded (and the server can send the matching
 * pre-rendered shell, src/kernel/shells.ts).
 */
export const LOGIN_MARKER_COOKIE = 'logged_in';

function markerValue(cookies: string): string | undefined {
  const prefix = `${LOGIN_MARKER_COOKIE}=`;
  return cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

export function hasLoginCookie(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return Boolean(markerValue(cookies));
}

/** The login count the marker carries, or undefined when it carries none. */
export function loginCountOf(value: string | undefined): number | undefined {
  if (!value || !/^[0-9]{1,9}$/.test(value)) return undefined;
  const count = Number(value);
  return count > 0 ? count : undefined;
}

export function loginCountFromCookie(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): number | undefined {
  return loginCountOf(markerValue(cookies));
}
