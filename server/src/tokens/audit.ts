import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OnServiceTokenUse } from './service';
import { applicationIdOf } from '../../../src/kernel/applicationId';

/**
 * Every use of a service token goes to the staff audit log (server/src/staff/, reached through the app), with the
 * token's id as the actor: external systems read applications this way, and the log must show them as it shows staff.
 */
export function auditServiceTokenUse(app: FastifyInstance, request: FastifyRequest): OnServiceTokenUse {
  return ({ tokenId, applicantId, what }) =>
    app.staff.audit.append({
      actor: `service-token:${tokenId}`,
      action: 'service-token-used',
      target: applicationIdOf(applicantId),
      detail: what,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
    });
}
