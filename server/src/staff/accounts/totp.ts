import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../identity/tokens';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
/** A code from the step before or after is accepted too (a phone's clock a little off, a code typed slowly). */
const WINDOW = 1;

const totpOf = (secret: string, label = 'staff', issuer = 'Admissions') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new authenticator key: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What the QR code holds: otpauth://totp/Issuer:email?secret=…&issuer=… */
export const otpauthUri = (secret: string, email: string, issuer: string) => totpOf(secret, email, issuer).toString();

/**
 * The time step of a valid code, or null. The caller accepts a step only above the last one used, so a code works
 * once (RFC 6238 §5.2: a code seen over a shoulder cannot be replayed).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/* ---- Recovery codes ---- */

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7m2p-x9tqa" (about 49 bits each): shown once, stored hashed. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without its dash or spaces) → its stored hash, or null. */
export function recoveryCodeHash(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== 10 || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return hashToken(`${plain.slice(0, 5)}-${plain.slice(5)}`);
}
