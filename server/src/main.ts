import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from './config';
import { claimEmbeddedDb } from './db/lock';
import { allListeningLine, oneOfLine, superviseProcesses } from './processes';

/** What a process may take after its last request arrived to answer it and close its database pool. */
const DRAIN_MARGIN_MS = 10_000;

async function main() {
  const config = loadConfig();
  if (config.serverProcesses > 1 && cluster.isPrimary) {
    // The processes' metrics, summed here for METRICS_PORT and for /metrics on the shared port (metrics/cluster.ts).
    const { serveMetricsPort, sumInPrimary } = await import('./metrics/cluster');
    const sum = sumInPrimary();
    if (config.service.metricsPort !== undefined) await serveMetricsPort(config.service.metricsPort, sum);
    // This process only supervises; each process it starts runs the code below as an instance of its own (the
    // database's start-up steps are safe for instances starting at once: prepare.ts).
    await superviseProcesses(config.serverProcesses, {
      // Each keeps serving SHUTDOWN_DELAY_MS; a request may then take requestTimeoutMs to arrive and be answered.
      drainMs: config.service.shutdownDelayMs + config.requestTimeoutMs + DRAIN_MARGIN_MS,
      log: (message) => console.error(message),
    });
    console.log(`${allListeningLine(config.serverProcesses)} on ${config.publicUrl}`);
    return;
  }
  if (!config.databaseUrl) await claimEmbeddedDb(config.dataDir);
  // Loaded here, not at the top: a primary that only supervises never loads the app.
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  // Once: a terminal's Ctrl-C reaches the primary (which passes SIGTERM on) and each process of its group.
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 at once, and requests are still served for SHUTDOWN_DELAY_MS, so the balancer sees it and
    // stops sending before the drain (app.close: new connections refused, requests in flight finish).
    app.operations.drain();
    if (config.service.shutdownDelayMs > 0) await sleep(config.service.shutdownDelayMs);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Admission application on ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`}${cluster.isWorker ? `, ${oneOfLine(config.serverProcesses)}` : ''}, mail: ${config.smtpUrl ? 'SMTP' : config.outboxDir})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
