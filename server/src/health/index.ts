import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Storage } from '../documents/storage';
import { registerMetrics } from '../metrics/routes';
import type { Metrics } from '../metrics/registry';
import { healthRoutes } from './routes';

/** What an overloaded server answers (503, with Retry-After): the SPA keeps the answer and saves it later. */
export const OVERLOADED = {
  message: 'The server is busy. Please try again in a few seconds.',
  code: 'ServiceUnavailable',
} as const;

/** How often the shedding samples the event loop's delay and the heap (@fastify/under-pressure's default, stated). */
const SHED_SAMPLE_MS = 1_000;
/**
 * After start-up, how long event-loop lag does not shed: the first samples measure the process loading its modules
 * (over a second at a time on a slow host), not load, and a server just started answered its first calls 503 for
 * that (seen twice in the bench, on a sign-up and on a staff enrolment). Two samples: the first wholly after ready.
 */
export const SHED_STARTUP_GRACE_MS = 2 * SHED_SAMPLE_MS;

/** Whether a pressure of `type`, seen `msSinceReady` after the app was ready, sheds the request. */
export const shedsNow = (type: string, msSinceReady: number) =>
  type !== underPressure.TYPE_EVENT_LOOP_DELAY || msSinceReady >= SHED_STARTUP_GRACE_MS;

/**
 * Running it as a service: load shedding (503 with Retry-After while the event loop lags or the heap is over its
 * limit, instead of queueing without bound), the metrics, and /healthz and /readyz. Registered before the routes, so
 * the shedding applies to all of them except health and metrics.
 */
export async function registerOperations(
  app: FastifyInstance,
  deps: { db: Db; config: Config; storage: Storage; metrics: Metrics },
) {
  const { service } = deps.config;
  if (service.shedEventLoopDelayMs > 0 || service.shedHeapUsedBytes > 0) {
    let readyAt = Infinity;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: service.shedEventLoopDelayMs,
      maxHeapUsedBytes: service.shedHeapUsedBytes,
      retryAfter: service.shedRetryAfterSeconds,
      sampleInterval: SHED_SAMPLE_MS,
      // What a handler returns is sent; undefined lets the request through (the plugin's types say void).
      pressureHandler: ((_request: FastifyRequest, reply: FastifyReply, type: string) => {
        if (!shedsNow(type, Date.now() - readyAt)) return undefined;
        reply.status(503).header('Retry-After', String(service.shedRetryAfterSeconds));
        return OVERLOADED;
      }) as unknown as () => void,
    });
  }
  registerMetrics(app, deps.metrics, service);
  return healthRoutes(app, deps);
}
