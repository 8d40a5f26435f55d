import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/client';

/**
 * Upload policies for local storage: the same idea as an S3 pre-signed POST. The server hands the browser a
 * policy (which key, whose, until when, how large) and an HMAC-SHA256 signature over it; the upload endpoint
 * accepts a file only with an intact, unexpired policy for the logged-in applicant.
 */
export interface UploadPolicy {
  /** The storage key the file will be stored under (server-generated). */
  key: string;
  /** The applicant the key belongs to. */
  user: number;
  answer_key: string;
  /** Expiry, epoch milliseconds. */
  expires: number;
  /** Largest accepted file, bytes. */
  max: number;
}

/** The form fields the browser posts before the file, in this order. */
export interface PolicyFields {
  key: string;
  policy: string;
  signature: string;
  [field: string]: string;
}

const hmac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest('hex');

export function signPolicy(secret: string, policy: UploadPolicy): PolicyFields {
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return { key: policy.key, policy: encoded, signature: hmac(secret, encoded) };
}

export type PolicyCheck =
  { ok: true; policy: UploadPolicy } | { ok: false; reason: 'signature' | 'expired' | 'malformed' };

/** Checks the signature first (nothing in an unsigned policy is trusted), then its shape and expiry. */
export function verifyPolicy(secret: string, fields: Partial<PolicyFields>, now = Date.now()): PolicyCheck {
  const { policy: encoded, signature, key } = fields;
  if (typeof encoded !== 'string' || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, reason: 'signature' };
  }
  const expected = Buffer.from(hmac(secret, encoded), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
  let policy: UploadPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    typeof policy?.key !== 'string' ||
    typeof policy.user !== 'number' ||
    typeof policy.answer_key !== 'string' ||
    typeof policy.expires !== 'number' ||
    typeof policy.max !== 'number' ||
    policy.key !== key
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (policy.expires <= now) return { ok: false, reason: 'expired' };
  return { ok: true, policy };
}

/**
 * UPLOAD_SECRET when set; otherwise a random secret generated once and kept in the database, so restarts (and
 * several instances on one PostgreSQL database) keep accepting the policies already handed out.
 */
export async function resolveUploadSecret(db: Queryable, config: Config): Promise<string> {
  if (config.uploadSecret) return config.uploadSecret;
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ('upload_policy', $1) ON CONFLICT DO NOTHING`, [
    crypto.randomBytes(32).toString('hex'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'upload_policy'`);
  return rows[0].value;
}
