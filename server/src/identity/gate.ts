import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import {
  clearSessionCookies,
  resolveSession,
  SESSION_COOKIE,
  mayBeSessionToken,
  sessionCheckedInStatement,
  sessionHashOf,
  sessionLimits,
  type SessionUser,
} from './sessions';

/**
 * Every applicant route declares who may call it. The declaration is the point, as on the staff subtree
 * (staff/plugin.ts): a route in the applicants' scope without it does not boot (the onRoute hook below), and an
 * /api route outside that scope does not boot either, so no new applicant route is public by forgetting.
 */
export interface ApplicantRouteConfig {
  /** The signed-in applicant ('user': their session → request.user, or a 401 before the body), or anyone ('public'). */
  who: 'user' | 'public';
  /**
   * The route's own statement checks the session (identity/sessions.ts SESSION_CTE) where a lookup would be a round
   * trip of its own (PostgreSQL): the gate then only refuses a request with no session cookie, and the route calls
   * `sessions.user` when its statement found no session.
   */
  checksSession?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in applicant on a 'user' route (null elsewhere: a staff session means nothing here). */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    applicant?: ApplicantRouteConfig;
  }
}

/** The applicants' sessions as the gate and its routes use them: built once, so no route is handed the database. */
export interface ApplicantSessions {
  /** The caller's session, or a 401 (and the cookies are cleared). */
  user(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser>;
  /**
   * For a `checksSession` route: the session id's hash and SESSION_CTE's limits for its own statement, or null when
   * the cookie cannot be a session.
   */
  forStatement(request: FastifyRequest): { sessionHash: string; limits: number[] } | null;
}

export function applicantSessions(db: Db, config: Config): ApplicantSessions {
  return {
    async user(request, reply) {
      const user = request.user ?? (await resolveSession(db, config, request.cookies[SESSION_COOKIE]));
      if (!user) {
        clearSessionCookies(request, reply, config);
        throw unauthorized();
      }
      return user;
    },
    forStatement(request) {
      const sessionHash = sessionHashOf(request.cookies[SESSION_COOKIE]);
      return sessionHash ? { sessionHash, limits: sessionLimits(config) } : null;
    },
  };
}

/** Whether a path is the applicants' API (SPEC §7's /api calls): those routes are in the gated scope or none. */
const isApplicantApi = (url: string) => url === '/api' || url.startsWith('/api/');
const GATED = 'applicantGate';

/**
 * Refuses to boot an /api route registered outside the applicants' scope (app.ts calls it first, before any
 * route): such a route would have no gate at all.
 */
export function refuseUngatedApiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', function (route) {
    if (isApplicantApi(route.url) && !this.hasDecorator(GATED)) {
      throw new Error(
        `Applicant route ${String(route.method)} ${route.url} must be registered in the applicants' scope`,
      );
    }
  });
}

/**
 * The gate of the applicants' scope (applicantApi.ts registers it in its own encapsulated scope, so it guards only
 * the routes registered there): a route without config.applicant does not boot; a 'user' route gets its session
 * (request.user) or a 401 onRequest, before its body is read. A `checksSession` route (PostgreSQL) gets only the
 * first half here: no session cookie is a 401 before the body; the rest is its own.
 */
export function registerApplicantGate(
  scope: FastifyInstance,
  deps: { db: Db; config: Config; sessions: ApplicantSessions },
) {
  scope.decorate(GATED, true);
  scope.addHook('onRoute', (route) => {
    if (!route.config?.applicant) {
      throw new Error(
        `Applicant route ${String(route.method)} ${route.url} must declare config.applicant { who: 'user' | 'public' }`,
      );
    }
  });
  // With a session cache (PGlite) a lookup costs no query: every route has its user resolved here.
  const deferred = sessionCheckedInStatement(deps.db);
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const declared = request.routeOptions.config.applicant;
    if (declared?.who !== 'user') return;
    if (deferred && declared.checksSession) {
      if (mayBeSessionToken(request.cookies[SESSION_COOKIE])) return;
      clearSessionCookies(request, reply, deps.config);
      throw unauthorized();
    }
    request.user = await deps.sessions.user(request, reply);
  });
}

/** The signed-in applicant of a 'user' route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
