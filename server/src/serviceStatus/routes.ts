import type { FastifyInstance } from 'fastify';
import { ServiceStatusReply } from '../../../src/kernel/api/contract';
import type { ServiceStatusService } from './service';

/** Browsers and shared caches may reuse the answer this long: a page asks once a minute, so it is fresh enough. */
const CACHED_SECONDS = 5;

/**
 * GET /public/service-status: what every open applicant page asks once a minute (and when its tab is shown again),
 * the operator's notice and whether the application is in maintenance. The same for everyone and a few dozen bytes;
 * answered from the instance's cache (service.ts), cacheable for a few seconds, rate limited as the public routes.
 */
export function serviceStatusRoutes(
  app: FastifyInstance,
  deps: { serviceStatus: ServiceStatusService; rateLimit: object },
) {
  app.get(
    '/public/service-status',
    {
      schema: { response: { 200: ServiceStatusReply } },
      config: { rateLimit: deps.rateLimit, applicant: { who: 'public' } },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${CACHED_SECONDS}`);
      return deps.serviceStatus.current();
    },
  );
}
