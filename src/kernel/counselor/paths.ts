/**
 * The counselor's addresses. The page is its own webpack entry (dist/counselor.html, served for /counselor/*).
 * The mailed link carries its token in the fragment (`#t=…`): a fragment never reaches a server, a log or a
 * Referer; the page sends it to the API in a header.
 */
export const COUNSELOR_API = '/counselor/api';
export { COUNSELOR_PAGE } from '../schoolReport/rules';
export const COUNSELOR_TOKEN_HEADER = 'x-counselor-token';
/** The token in the page's fragment, or null. */
export function tokenFromHash(hash: string): string | null {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]{20,100})(?:&|$)/.exec(hash);
  return match ? match[1] : null;
}
