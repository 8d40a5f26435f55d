import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import {
  clearSessionCookies,
  resolveSession,
  SESSION_COOKIE,
  mayBeSessionToken,
  sessionCheckedInStatement,
  type SessionUser,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's own statement checks the session (identity/sessions.ts SESSION_CTE) where a lookup would be a
     * round trip of its own (PostgreSQL): requireUser then only refuses a request with no session cookie, and the
     * route calls sessionUser when its statement found no session.
     */
    checksSession?: boolean;
  }
}

/** The caller's session, or a 401 (and the cookies are cleared). */
export async function sessionUser(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const user = request.user ?? (await resolveSession(db, config, request.cookies[SESSION_COOKIE]));
  if (!user) {
    clearSessionCookies(request, reply, config);
    throw unauthorized();
  }
  return user;
}

/**
 * onRequest hook for /api routes: a valid session or 401, before the body is read. A route with `checksSession`
 * (PostgreSQL) gets only the first half here: no session cookie is a 401 before the body; the rest is its own.
 */
export function requireUser(db: Db, config: Config) {
  // With a session cache (PGlite) a lookup costs no query: every route has its user resolved here.
  const deferred = sessionCheckedInStatement(db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (deferred && request.routeOptions.config.checksSession) {
      if (mayBeSessionToken(request.cookies[SESSION_COOKIE])) return;
      clearSessionCookies(request, reply, config);
      throw unauthorized();
    }
    request.user = await sessionUser(db, config, request, reply);
  };
}

/** The logged-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
