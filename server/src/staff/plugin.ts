import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { StaffConfig } from '../config';
import { AppError } from '../http/errors';
import { can, type StaffPermission } from '../../../src/kernel/staff/roles';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import type { AuditAction } from '../../../src/kernel/staff/audit';
import type { Gate } from './audit/gate';
import { noteWrites } from './audit/log';
import type { AuditContext } from './accounts/service';
import { clearStaffCookie, resolveStaffSession, staffCookieOf, type StaffUser } from './sessions';

/**
 * Every staff route declares who may call it and what it writes to the audit log. The declaration is the point:
 * a route without it does not boot (the onRoute hook below), and a route that answers 2xx without writing the
 * action it declares answers 500 instead, so no staff route forgets either.
 */
export interface StaffRouteConfig {
  /** The permission it needs (src/kernel/staff/roles.ts), or 'anyone' (signing in, enrolling). */
  permission: StaffPermission | 'anyone';
  /**
   * The audit action it writes whenever it answers 2xx, or 'none' (the caller's own session, the sign-in page's
   * settings). Its service writes it (through the gate, so the row is there before the read); the gate checks.
   * A list: one of them, as the request decides (the applicants list: a search with words, or a listing).
   */
  audit: AuditAction | readonly AuditAction[] | 'none';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on /staff/api (null elsewhere: an applicant's session means nothing here). */
    staff: StaffUser | null;
  }
  interface FastifyContextConfig {
    staff?: StaffRouteConfig;
  }
}

export const notSignedIn = () => new AppError(401, STAFF_MESSAGES.notSignedIn, 'Unauthorized');

/** Who is calling, from where: the audit log's actor, IP and browser. */
export function auditContext(request: FastifyRequest): AuditContext {
  return {
    actor: request.staff?.email ?? 'anonymous',
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

export function currentStaff(request: FastifyRequest): StaffUser {
  if (!request.staff) throw notSignedIn();
  return request.staff;
}

/**
 * The gate of the staff subtree (registered in its own encapsulated scope, so it guards /staff/api only): staff
 * pages and answers are never cached; the staff cookie → request.staff; the route's permission is checked, and a
 * refusal is a 403 that the audit log keeps; the route's declared audit action is checked when it answers.
 */
export function registerStaffGate(scope: FastifyInstance, deps: { gate: Gate; config: StaffConfig }) {
  /** The actions each request's handler wrote (noted by the audit log while the handler runs). */
  const written = new WeakMap<FastifyRequest, Set<AuditAction>>();
  scope.addHook('onRoute', (route) => {
    const declared = route.config?.staff;
    if (!declared) {
      throw new Error(
        `Staff route ${String(route.method)} ${route.url} must declare config.staff { permission, audit }`,
      );
    }
    if (declared.audit === 'none') return;
    // The handler runs with a set of its own, which the audit log fills as it writes (however deep in a service
    // the write happens): the route's declaration is checked against what was written, not against a promise.
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const actions = new Set<AuditAction>();
      written.set(request, actions);
      return noteWrites(actions, () => handler.call(this, request, reply));
    };
  });
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const { permission } = request.routeOptions.config.staff!;
    request.staff = await resolveStaffSession(deps.gate.own, deps.config, staffCookieOf(request));
    if (permission === 'anyone') return;
    if (!request.staff) {
      if (staffCookieOf(request)) clearStaffCookie(request, reply);
      throw notSignedIn();
    }
    if (!can(request.staff.role, permission)) {
      await deps.gate.log.append({
        ...auditContext(request),
        action: 'access-refused',
        target: `${request.method} ${request.routeOptions.url}`,
        detail: `needs ${permission}, has ${request.staff.role}`,
      });
      throw new AppError(403, STAFF_MESSAGES.forbidden, 'Forbidden');
    }
  });
  // Whatever the answer (a refusal from a hook, a rate limit, an error, a 5xx), it is not kept by any cache; set
  // again here as an error's answer may be built after onRequest's headers.
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // Before the first byte: an answer whose read or change the log does not show is not sent. Only 2xx answers are
  // held to it (a refusal or a redirect after a failed sign-in writes another action, or none).
  scope.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.staff?.audit;
    if (!audit || audit === 'none' || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const actions: readonly AuditAction[] = typeof audit === 'string' ? [audit] : audit;
    if (!actions.some((action) => written.get(request)?.has(action))) {
      throw new Error(
        `Staff route ${request.method} ${request.routeOptions.url} answered without writing ${actions.join(' or ')}`,
      );
    }
    return payload;
  });
}
