import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from './errors';
import { clearSessionCookies, resolveSession, SESSION_COOKIE, type SessionUser } from '../identity/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** onRequest hook for /api routes: a valid session or 401 (and the cookies are cleared). */
export function requireUser(db: Db, config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await resolveSession(db, config, request.cookies[SESSION_COOKIE]);
    if (!user) {
      clearSessionCookies(request, reply, config);
      throw unauthorized();
    }
    request.user = user;
  };
}

/** The logged-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
