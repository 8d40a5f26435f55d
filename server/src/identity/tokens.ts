import crypto from 'node:crypto';
import { CONFIRMATION_CODE_LENGTH } from '../../../src/kernel/constants';

/** 256 random bits, URL-safe: session ids, reset ids, service and public link tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked table does not give working tokens. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function randomCode(): string {
  return crypto
    .randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)
    .toString()
    .padStart(CONFIRMATION_CODE_LENGTH, '0');
}
