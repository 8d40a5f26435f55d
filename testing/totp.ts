/**
 * Authenticator codes for the staff's second factor (RFC 6238: SHA-1, 6 digits, 30 s), as an authenticator app
 * shows them for the key the enrolment page gives (grouped: spaces are ignored).
 */
import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

const generator = (key: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s/g, '')) });

/** The code for `key` now, or `offsetSteps` 30-second steps away (1: the next one). */
export function totpCode(key: string, offsetSteps = 0): string {
  return generator(key).generate({ timestamp: Date.now() + offsetSteps * STEP_MS });
}

/** A 6-digit code the key does not produce now, nor one step before or after (for the lockout). */
export function wrongTotpCode(key: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(key, step)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
