import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import { MAINTENANCE_MESSAGE } from '../../../src/kernel/serviceStatus/messages';
import { MAINTENANCE_CODE, MAINTENANCE_RETRY_MS } from '../../../src/kernel/serviceStatus/rules';
import type { ServiceStatusService } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'served': an applicant route that changes something and still runs in maintenance (log in: a session is not
     * part of the application, and reads keep working, so an applicant may still sign in and read theirs).
     */
    duringMaintenance?: 'served';
  }
}

/** Reads never change anything (GET /api/logout, which ends a session, is one: logging out always works). */
const READS = new Set(['GET', 'HEAD']);

/**
 * Maintenance mode in the applicants' scope (applicantApi.ts registers it there, before the gate): while it is on,
 * every request that would change something (any method but GET and HEAD) is refused with 503, Retry-After and the
 * kernel's message, before its session is looked up or its body read, unless its route declares
 * `duringMaintenance: 'served'`. Reads go on, and so do /readyz (a balancer keeps the instance, which keeps
 * answering the message), the staff console and the counselors' page, which are scopes of their own.
 */
export function registerMaintenanceGate(scope: FastifyInstance, serviceStatus: ServiceStatusService) {
  scope.addHook('onRequest', async (request, reply) => {
    if (READS.has(request.method) || request.routeOptions.config.duringMaintenance === 'served') return;
    if (!(await serviceStatus.current()).maintenance) return;
    reply.header('retry-after', String(MAINTENANCE_RETRY_MS / 1000));
    throw new AppError(503, MAINTENANCE_MESSAGE, MAINTENANCE_CODE);
  });
}
