import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Date.now() when the request reached the server, before any hook (session, rate limit) or database wait. */
    arrivedAtMs: number;
  }
}

/**
 * Records when each request arrived, in the first onRequest hook, so that what the applicant did is dated by when
 * they did it: a submission waiting behind others on deadline night keeps the second it was sent in. (Fastify's own
 * start time, behind reply.elapsedTime, is only taken when a logger or onResponse hook asks for it.)
 */
export function registerArrivalTime(app: FastifyInstance) {
  app.decorateRequest('arrivedAtMs', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAtMs = Date.now();
    done();
  });
}

/** When `request` arrived (registerArrivalTime). */
export const arrivedAt = (request: FastifyRequest): Date => new Date(request.arrivedAtMs);
