import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { hashToken, randomToken } from './tokens';

/** HttpOnly session id. */
export const SESSION_COOKIE = 'sid';
/** Readable marker: the SPA knows it is logged in by its presence (SPEC §1: "recognised by a cookie"). */
export const MARKER_COOKIE = 'logged_in';

export interface SessionUser {
  userId: number;
  username: string;
  sessionHash: string;
}

/** last_seen_at is written at most once a minute per session: a busy form should not write on every call. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.query('INSERT INTO sessions (id_hash, user_id) VALUES ($1, $2)', [hashToken(token), userId]);
  return token;
}

export async function resolveSession(db: Db, config: Config, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const sessionHash = hashToken(token);
  const { rows } = await db.query<{
    user_id: string;
    username: string;
    created_at: Date;
    last_seen_at: Date;
    revoked_at: Date | null;
  }>(
    `SELECT s.user_id, u.username, s.created_at, s.last_seen_at, s.revoked_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`,
    [sessionHash],
  );
  const row = rows[0];
  if (!row || row.revoked_at) return null;
  const now = Date.now();
  const idle = now - new Date(row.last_seen_at).getTime();
  if (idle > config.sessionIdleMs || now - new Date(row.created_at).getTime() > config.sessionAbsoluteMs) {
    await revokeSession(db, sessionHash);
    return null;
  }
  if (idle > TOUCH_AFTER_MS) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [sessionHash]);
  }
  return { userId: Number(row.user_id), username: row.username, sessionHash };
}

export async function revokeSession(db: Db, sessionHash: string) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id_hash = $1 AND revoked_at IS NULL', [sessionHash]);
}

export async function revokeAllSessions(db: { query: Db['query'] }, userId: number) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

function cookieOptions(request: FastifyRequest, config: Config) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config, token: string) {
  const options = cookieOptions(request, config);
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(MARKER_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const { path, sameSite, secure } = cookieOptions(request, config);
  reply.clearCookie(SESSION_COOKIE, { path, sameSite, secure, httpOnly: true });
  reply.clearCookie(MARKER_COOKIE, { path, sameSite, secure });
}
