import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';

/**
 * The server's Prometheus metrics (README "Running it as a service"). One registry per server (tests build several
 * in one process). Counters and histograms count what this process saw; the gauges read from the database (jobs)
 * describe the whole deployment, so when several processes are summed (metrics/cluster.ts) those take the largest
 * value instead of the sum.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  // Node's own: CPU, memory, GC, and nodejs_eventloop_lag_seconds (the event-loop lag).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const saves = new Counter({
    name: 'admission_answer_saves_total',
    help: 'PUT /api/answer answered: saved, or conflict (409: the tab merges the server’s answers and saves again).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const pdfBuilds = new Counter({
    name: 'admission_pdf_builds_total',
    help: 'Application PDF copies built by this process, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const loginFailures = new Counter({
    name: 'admission_login_failures_total',
    help: 'POST /public/login refused for wrong credentials (or a malformed request).',
    registers,
  });
  const loginLockouts = new Counter({
    name: 'admission_login_lockouts_total',
    help: 'POST /public/login refused because the account is locked after failures (or the address is rate limited).',
    registers,
  });
  new Gauge({
    name: 'admission_db_pool_connections',
    help: 'The database pool: connections open, idle, and calls waiting for one (PGlite: one connection, its queue).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = db.stats?.() ?? { total: 0, idle: 0, waiting: 0 };
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  // Both job gauges from one query: prom-client calls every collect() in the same tick of a scrape, so the second
  // shares the query the first started. It is forgotten as soon as it settles, so the next scrape reads afresh
  // (forgetting it on a later turn of the event loop let a scrape that followed at once read the previous counts).
  let jobsQuery: Promise<JobCounts> | null = null;
  const jobs = () => (jobsQuery ??= readJobCounts(db).finally(() => (jobsQuery = null)));
  new Gauge({
    name: 'admission_conversion_jobs',
    help: 'Document conversion jobs by state: queued, running, failed (whole deployment).',
    labelNames: ['state'] as const,
    aggregator: 'max',
    registers,
    async collect() {
      const counts = await jobs();
      this.set({ state: 'queued' }, counts.queued);
      this.set({ state: 'running' }, counts.running);
      this.set({ state: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'admission_conversion_oldest_queued_seconds',
    help: 'Age of the oldest queued conversion job, 0 when none waits (whole deployment).',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await jobs()).oldestQueuedSeconds);
    },
  });

  return {
    registry,
    /** Every answer: its duration, and what it says about saves and logins. */
    observe(method: string, route: string | undefined, status: number, seconds: number) {
      const known = route ?? 'unmatched';
      requestDuration.observe({ method, route: known, status: String(status) }, seconds);
      if (method === 'PUT' && known === '/api/answer') {
        if (status < 300) saves.inc({ outcome: 'saved' });
        else if (status === 409) saves.inc({ outcome: 'conflict' });
      }
      if (method === 'POST' && known === '/public/login') {
        if (status === 400 || status === 401) loginFailures.inc();
        else if (status === 429) loginLockouts.inc();
      }
    },
    pdfBuilt(outcome: 'completed' | 'failed' | 'skipped') {
      pdfBuilds.inc({ outcome });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

interface JobCounts {
  queued: number;
  running: number;
  failed: number;
  oldestQueuedSeconds: number;
}

/** One small query: the queue's counts by state and the oldest queued job's age. */
async function readJobCounts(db: Db): Promise<JobCounts> {
  const { rows } = await db.query<JobCounts>(
    `SELECT count(*) FILTER (WHERE status = 'unprocessed')::int AS queued,
            count(*) FILTER (WHERE status = 'in_progress')::int AS running,
            count(*) FILTER (WHERE status = 'failed')::int AS failed,
            coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'unprocessed')), 0)::float8
              AS "oldestQueuedSeconds"
       FROM conversion_jobs WHERE status <> 'completed'`,
  );
  return rows[0];
}
