import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffConfig } from '../config';
import { hashToken, randomToken } from '../identity/tokens';
import type { StaffRole } from '../../../src/kernel/staff/roles';
import type { Queryable } from './audit/gate';

/**
 * Staff sessions: their own table, cookie and request field, apart from the applicants' (identity/sessions.ts). The
 * account's role is read with the session on every request (no cache), so a role change or a removal counts at once
 * on every instance; both also revoke the account's sessions (accounts/service.ts).
 */
export interface StaffUser {
  staffId: string;
  email: string;
  role: StaffRole;
  via: 'password' | 'sso';
  sessionHash: string;
}

/** On https the cookie is `__Host-` (Secure, Path=/, no Domain: no subdomain can set or read it). */
const SECURE_COOKIE = '__Host-staff_sid';
/** Plain http (localhost in development and the tests): browsers refuse `__Host-` without Secure. */
const PLAIN_COOKIE = 'staff_sid';
/** last_seen_at is written at most once a minute per session. */
const TOUCH_AFTER_MS = 60_000;

const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? SECURE_COOKIE : PLAIN_COOKIE);

export const staffCookieOf = (request: FastifyRequest): string | undefined =>
  request.cookies[SECURE_COOKIE] ?? request.cookies[PLAIN_COOKIE];

export async function createStaffSession(db: Queryable, staffId: string, via: StaffUser['via']): Promise<string> {
  const token = randomToken();
  await db.query('INSERT INTO staff_sessions (id_hash, staff_id, via) VALUES ($1, $2, $3)', [
    hashToken(token),
    staffId,
    via,
  ]);
  return token;
}

export async function resolveStaffSession(
  db: Queryable,
  config: StaffConfig,
  token: string | undefined,
): Promise<StaffUser | null> {
  if (!token || token.length > 200) return null;
  const sessionHash = hashToken(token);
  const { rows } = await db.query<{
    staff_id: string;
    email: string;
    role: StaffRole;
    via: StaffUser['via'];
    created_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT s.staff_id::text AS staff_id, a.email, a.role, s.via, s.created_at, s.last_seen_at
       FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
      WHERE s.id_hash = $1 AND s.revoked_at IS NULL`,
    [sessionHash],
  );
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const idle = now - new Date(row.last_seen_at).getTime();
  if (idle > config.sessionIdleMs || now - new Date(row.created_at).getTime() > config.sessionAbsoluteMs) {
    await revokeStaffSession(db, sessionHash);
    return null;
  }
  if (idle > TOUCH_AFTER_MS) {
    await db.query('UPDATE staff_sessions SET last_seen_at = now() WHERE id_hash = $1', [sessionHash]);
  }
  return { staffId: row.staff_id, email: row.email, role: row.role, via: row.via, sessionHash };
}

export async function revokeStaffSession(db: Queryable, sessionHash: string) {
  await db.query('UPDATE staff_sessions SET revoked_at = now() WHERE id_hash = $1 AND revoked_at IS NULL', [
    sessionHash,
  ]);
}

export async function revokeAllStaffSessions(db: Queryable, staffId: string) {
  await db.query('UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL', [staffId]);
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
  httpOnly: true,
});

/** A session cookie (no Max-Age): it also ends with the browser, which matters on a shared computer. */
export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(cookieName(request), token, cookieOptions(request));
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(request), cookieOptions(request));
}
