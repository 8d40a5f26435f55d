import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Storage } from '../documents/storage';
import { registerMetrics } from '../metrics/routes';
import type { Metrics } from '../metrics/registry';
import { LAG_SAMPLE_MS, watchLag } from './lag';
import { healthRoutes } from './routes';

/** What an overloaded server answers (503, with Retry-After): the SPA keeps the answer and saves it later. */
export const OVERLOADED = {
  message: 'The server is busy. Please try again in a few seconds.',
  code: 'ServiceUnavailable',
} as const;

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
    // The lag is ours to judge (a run of lagging samples, lag.ts), handed to the plugin as its health check, which it
    // calls every LAG_SAMPLE_MS; the heap is the plugin's own check.
    const lag = service.shedEventLoopDelayMs > 0 ? watchLag(service.shedEventLoopDelayMs) : undefined;
    if (lag) {
      // What the process did loading itself before it was ready is not load.
      app.addHook('onReady', async () => lag.restart());
      app.addHook('onClose', async () => lag.stop());
    }
    await app.register(underPressure, {
      maxHeapUsedBytes: service.shedHeapUsedBytes,
      retryAfter: service.shedRetryAfterSeconds,
      sampleInterval: LAG_SAMPLE_MS,
      ...(lag && { healthCheck: async () => lag.sample(), healthCheckInterval: LAG_SAMPLE_MS }),
      // What the handler returns is sent (the plugin's types say void).
      pressureHandler: ((_request: FastifyRequest, reply: FastifyReply) => {
        reply.status(503).header('Retry-After', String(service.shedRetryAfterSeconds));
        return OVERLOADED;
      }) as unknown as () => void,
    });
  }
  registerMetrics(app, deps.metrics, service);
  return healthRoutes(app, deps);
}
