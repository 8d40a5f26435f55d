import cluster from 'node:cluster';
import http from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * Metrics with several server processes (processes.ts): each process counts what it serves, and the primary sums
 * them (prom-client's AggregatorRegistry asks every process over the cluster's IPC channel). So a scrape of
 * METRICS_PORT (served by the primary) or of /metrics on the shared port (answered by whichever process the
 * connection reached, which asks the primary) always reads the whole server. Gauges of the whole deployment (the
 * conversion queue) take the largest value rather than the sum.
 */

const ASK = 'admission:metrics-ask';
const ANSWER = 'admission:metrics-answer';

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let nextAsk = 1;

/** In a server process of several: offers `registry` to the primary's sum. */
export function offerToPrimary(registry: Registry) {
  // Constructed for its side effect: prom-client's worker side answers the primary's requests from then on.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In a server process of several: the sum of every process's metrics, from the primary. */
export function askPrimary(timeoutMs = 5_000): Promise<string> {
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('The primary did not send the metrics in time.')), timeoutMs);
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      if (message.error !== undefined) finish(new Error(message.error));
      else finish(null, message.text ?? '');
    };
    const finish = (error: Error | null, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(text!);
    };
    process.on('message', onMessage);
    process.send!({ type: ASK, id });
  });
}

/** In the primary: sums the processes' metrics for METRICS_PORT and for any process that asks. */
export function sumInPrimary() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
  return { read: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}

/** METRICS_PORT: Prometheus text on http://127.0.0.1:<port>/metrics only (never another interface, no token). */
export async function serveMetricsPort(
  port: number,
  source: { read: () => Promise<string>; contentType: string },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    source.read().then(
      (text) => response.writeHead(200, { 'content-type': source.contentType }).end(text),
      () => response.writeHead(503).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.unref();
  return server;
}
