import crypto from 'node:crypto';

/**
 * The counselor's link token. It is the HMAC of a random nonce (stored with the request) under the server's secret,
 * so the request mail and each reminder carry the same link while the table stores only the token's SHA-256: a
 * copy of the table alone opens no counselor page. Killing the link clears both.
 */
export const newLinkNonce = () => crypto.randomBytes(24).toString('base64url');
export const linkToken = (secret: string, nonce: string) =>
  crypto.createHmac('sha256', secret).update(`counselor-link:${nonce}`).digest('base64url');
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
