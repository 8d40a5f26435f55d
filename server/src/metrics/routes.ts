import cluster from 'node:cluster';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServiceConfig } from '../config';
import { AppError } from '../http/errors';
import { askPrimary, offerToPrimary, serveMetricsPort } from './cluster';
import type { Metrics } from './registry';

/** Route config that lets a request through under load (health, metrics: the operator needs them most then). */
export const NEVER_SHED = { pressureHandler: () => undefined };

const sameToken = (given: string, expected: string) =>
  crypto.timingSafeEqual(
    crypto.createHash('sha256').update(given).digest(),
    crypto.createHash('sha256').update(expected).digest(),
  );

/**
 * Every answer is observed (duration by method, route and status; saves and logins by outcome). Prometheus text is
 * served at GET /metrics when METRICS_TOKEN is set (bearer), and/or on 127.0.0.1:METRICS_PORT (no token; in a
 * server of several processes the primary serves that port: main.ts). Neither set: no metrics endpoint at all.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, service: ServiceConfig) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const several = cluster.isWorker;
  if (several) offerToPrimary(metrics.registry);
  const read = () => (several ? askPrimary() : metrics.registry.metrics());
  const { metricsToken, metricsPort } = service;
  if (metricsToken) {
    app.get('/metrics', { logLevel: 'warn', config: NEVER_SHED }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), metricsToken)) {
        throw new AppError(401, 'A valid metrics token is required.', 'Unauthorized');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await read());
    });
  }
  if (metricsPort !== undefined && !several) {
    // When the server starts (not in the admin CLI, which never gets ready and may run beside a server).
    let server: Awaited<ReturnType<typeof serveMetricsPort>> | undefined;
    app.addHook('onReady', async () => {
      server = await serveMetricsPort(metricsPort, { read, contentType: metrics.registry.contentType });
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise((resolve) => server!.close(resolve));
    });
  }
}
