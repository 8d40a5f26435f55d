import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/client';
import { sessionCacheOf } from './sessionCache';
import { hashToken, randomToken } from './tokens';
// The readable marker: the SPA knows it is logged in by its presence (SPEC §1: "recognised by a cookie"); its name
// is the kernel's, which the SPA and the server's page choice (http/static.ts) read too.
import { LOGIN_MARKER_COOKIE } from '../../../src/kernel/session/loginCookie';

/** HttpOnly session id. */
export const SESSION_COOKIE = 'sid';

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

/** Whether a cookie's value can be a session id at all (there is one, and it is not too long to be one). */
export const mayBeSessionToken = (token: string | undefined): token is string => !!token && token.length <= 200;

/** The hash a session's id is stored under, or null for a cookie that cannot be one. */
export function sessionHashOf(token: string | undefined): string | null {
  return mayBeSessionToken(token) ? hashToken(token) : null;
}

/**
 * resolveSession's rules as SQL, for a statement that acts for the session's user in the same round trip (PUT
 * /api/answer on PostgreSQL, which has no session cache: one query instead of two per save). `session` holds the
 * user of a session that is not revoked, idle or too old; `touched` writes last_seen_at at most once a minute.
 * Parameters: $1 the session id's hash, $2 to $4 sessionLimits(config). Where the statement finds no session,
 * resolveSession decides (and revokes an expired one). The limits are measured here by the database's clock and
 * there by the server's (the table's times are the database's `now()`): with the clocks in step (NTP) the two can
 * disagree only on a session within their skew of its limit.
 */
export const SESSION_CTE = `
  session AS (
    SELECT user_id FROM sessions
     WHERE id_hash = $1 AND revoked_at IS NULL
       AND last_seen_at >= now() - $2::float8 * interval '1 millisecond'
       AND created_at >= now() - $3::float8 * interval '1 millisecond'),
  touched AS (
    UPDATE sessions SET last_seen_at = now()
     WHERE id_hash = $1 AND revoked_at IS NULL AND user_id = (SELECT user_id FROM session)
       AND last_seen_at < now() - $4::float8 * interval '1 millisecond')`;

/**
 * Whether a route with `checksSession` (PUT /api/answer) checks the session in its own statement: where no session
 * cache answers the lookup without a query (PostgreSQL). The route, and the bench's statement alone, ask this.
 */
export const sessionCheckedInStatement = (db: Db) => !sessionCacheOf(db);

/** SESSION_CTE's $2 to $4: the idle and absolute limits, and how stale last_seen_at may get before it is written. */
export const sessionLimits = (config: Config) => [config.sessionIdleMs, config.sessionAbsoluteMs, TOUCH_AFTER_MS];

export async function resolveSession(db: Db, config: Config, token: string | undefined): Promise<SessionUser | null> {
  const sessionHash = sessionHashOf(token);
  if (!sessionHash) return null;
  const cache = sessionCacheOf(db);
  const generation = cache?.generation() ?? 0;
  let session = cache?.get(sessionHash);
  if (!session) {
    const { rows } = await db.prepared<{
      user_id: string;
      username: string;
      created_at: Date;
      last_seen_at: Date;
      revoked_at: Date | null;
    }>(
      'session',
      `SELECT s.user_id, u.username, s.created_at, s.last_seen_at, s.revoked_at
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`,
      [sessionHash],
    );
    const row = rows[0];
    if (!row || row.revoked_at) return null;
    session = {
      userId: Number(row.user_id),
      username: row.username,
      createdAt: new Date(row.created_at).getTime(),
      lastSeenAt: new Date(row.last_seen_at).getTime(),
    };
  }
  // The same checks whether the session came from the table or from the cache (which holds the table's times).
  const now = Date.now();
  const idle = now - session.lastSeenAt;
  if (idle > config.sessionIdleMs || now - session.createdAt > config.sessionAbsoluteMs) {
    await revokeSession(db, sessionHash);
    return null;
  }
  if (idle > TOUCH_AFTER_MS) {
    const { rows } = await db.query<{ last_seen_at: Date }>(
      'UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1 AND revoked_at IS NULL RETURNING last_seen_at',
      [sessionHash],
    );
    // Revoked since it was read (a logout running at the same time): drop what the cache may still hold.
    if (!rows[0]) {
      cache?.forgetSession(sessionHash);
      return null;
    }
    session = { ...session, lastSeenAt: new Date(rows[0].last_seen_at).getTime() };
  }
  cache?.set(sessionHash, session, generation);
  return { userId: session.userId, username: session.username, sessionHash };
}

export async function revokeSession(db: Db, sessionHash: string) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id_hash = $1 AND revoked_at IS NULL', [sessionHash]);
  sessionCacheOf(db)?.forgetSession(sessionHash);
}

/**
 * `tx`: the transaction the revoke belongs to (password reset). The cache forgets the user before that transaction
 * commits, which is safe on PGlite, the only database with a cache: it runs no other query while a transaction is
 * open, so no lookup can read the sessions as they were before the commit.
 */
export async function revokeAllSessions(db: Db, userId: number, tx: Queryable = db) {
  await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  sessionCacheOf(db)?.forgetUser(userId);
}

function cookieOptions(request: FastifyRequest, config: Config) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  };
}

/**
 * The session cookie, and the readable marker whose value is the login count (1 for the first login): the SPA's
 * welcome banner depends on it, and the server picks the matching pre-rendered shell (src/kernel/shells.ts).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: { token: string; loginCount: number },
) {
  const options = cookieOptions(request, config);
  reply.setCookie(SESSION_COOKIE, session.token, { ...options, httpOnly: true });
  reply.setCookie(LOGIN_MARKER_COOKIE, String(session.loginCount), { ...options, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const { path, sameSite, secure } = cookieOptions(request, config);
  reply.clearCookie(SESSION_COOKIE, { path, sameSite, secure, httpOnly: true });
  reply.clearCookie(LOGIN_MARKER_COOKIE, { path, sameSite, secure });
}
