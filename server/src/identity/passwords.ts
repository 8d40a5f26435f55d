import crypto from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { failedPasswordRules } from '../../../src/kernel/auth/rules';
import { createHashThread } from './hashInThread';

/** The process's hashing thread: why it is not libuv's pool is in hashInThread.ts. */
const hashing = createHashThread();
const scrypt = hashing.scrypt;

/** scrypt cost: N=2^15, r=8, p=1 (32 MiB, tens of ms): OWASP's floor for scrypt. Stored with the hash. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keylen: 64 };
const MAXMEM = 128 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem: MAXMEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64'));
  return dummyHash;
}

const COMMON = new Set<string>(dictionary['passwords-common'] as string[]);

/**
 * True when the password is a well-known one, or one dressed up with capitals, digits and symbols
 * around it ("Password123!" is "password" underneath). The list is zxcvbn-ts's common-password list.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return COMMON.has(lower) || (core.length > 0 && COMMON.has(core));
}

/** The server's copy of the sign-up rules (SPEC §5), so a crafted request cannot skip them. */
export function passwordProblem(password: string): string | undefined {
  const failed = failedPasswordRules(password);
  if (failed.length > 0) {
    return `Your password must meet every requirement. It must: ${failed.map((r) => r.text).join('; ')}.`;
  }
  if (isCommonPassword(password)) {
    return 'This password is too common and easy to guess. Please choose a different one.';
  }
  return undefined;
}
