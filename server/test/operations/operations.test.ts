import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import fs from 'node:fs';
import type { ServiceConfig } from '../../src/config';
import { migrationFiles } from '../../src/db/migrate';
import { LagStreak } from '../../src/health/lag';
import { createMetrics } from '../../src/metrics/registry';
import { json, makeApp, newApplicant, type TestApp } from '../helpers';

/**
 * Running it as a service: /healthz and /readyz, /metrics (Prometheus text, bearer-protected), and the load
 * shedding (503 with Retry-After). The readiness of a real PostgreSQL that stops and returns, and SIGTERM, are in
 * readiness.instances.test.ts and shutdownReadiness.test.ts.
 */
const METRICS_TOKEN = 'm'.repeat(40);
/** The service settings of these tests: shedding off unless a test turns a limit on. */
const service = (shedding: Partial<ServiceConfig> = {}): ServiceConfig => ({
  metricsToken: METRICS_TOKEN,
  shutdownDelayMs: 0,
  shedEventLoopDelayMs: 0,
  shedHeapUsedBytes: 0,
  shedRetryAfterSeconds: 5,
  ...shedding,
});
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ service: service() });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return Object.assign(parsePrometheusTextFormat(res.body), { text: res.body });
};
const family = (families: ReturnType<typeof parsePrometheusTextFormat>, name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric family ${name}`);
  return found;
};
const valueOf = (families: ReturnType<typeof parsePrometheusTextFormat>, name: string, labels: object = {}) =>
  Number(
    family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ??
      NaN,
  );

describe('health', () => {
  it('/healthz answers while the process runs; /readyz names no failing part when all is well', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    // The test machine has LibreOffice (npm test installs it); without it this names 'libreoffice'.
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is 503 naming migrations while one this code needs is not applied', async () => {
    const last = migrationFiles().at(-1);
    await t.app.db.query(`DELETE FROM schema_migrations WHERE name = $1`, [last]);
    const missing = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([missing.statusCode, missing.json()]).toEqual([503, { status: 'unavailable', failing: 'migrations' }]);
    await t.app.db.query(`INSERT INTO schema_migrations (name) VALUES ($1)`, [last]);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('the readiness of a server whose documents folder is gone names documents, and no path', async () => {
    const other = await makeApp();
    try {
      fs.rmSync(other.config.filesDir, { recursive: true, force: true });
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'unavailable', failing: 'documents' }]);
      other.app.operations.drain();
      fs.mkdirSync(other.config.filesDir);
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'unavailable',
        failing: 'shutting-down',
      });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
  it('names libreoffice when soffice cannot be found (SOFFICE_PATH), after the database and the store', async () => {
    const before = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = '/nonexistent/soffice';
    try {
      let routes!: typeof import('../../src/health/routes');
      jest.isolateModules(() => {
        routes = jest.requireActual('../../src/health/routes');
      });
      const Fastify = (await import('fastify')).default;
      const bare = Fastify();
      routes.healthRoutes(bare, { db: t.app.db, config: t.config, storage: { kind: 'local' } as never });
      const res = await bare.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'unavailable', failing: 'libreoffice' }]);
      await bare.close();
    } finally {
      if (before === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = before;
    }
  });
});

describe('metrics', () => {
  it('are refused without the token, and absent without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.json()).toEqual({ message: 'A valid metrics token is required.', code: 'Unauthorized' });
    const plain = await makeApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('parse as Prometheus text with every family the operators watch', async () => {
    const cookie = await newApplicant(t, 'metrics@example.com');
    const save = (body: object, ifMatch?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/answer',
        headers: { 'content-type': 'application/json', cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
        payload: body,
      });
    const before = await scrape();
    const saved = await save({ first_name: 'Ada' });
    expect(saved.statusCode).toBe(200);
    const stale = await save({ first_name: 'Grace' }, '"0"');
    expect(stale.statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: '/public/login',
      ...json({ username: 'metrics@example.com', password: 'Wrong-password-1!' }),
    });

    const after = await scrape();
    const saves = (f: typeof after, outcome: string) => valueOf(f, 'admission_answer_saves_total', { outcome }) || 0;
    expect(saves(after, 'saved') - saves(before, 'saved')).toBe(1);
    expect(saves(after, 'conflict') - saves(before, 'conflict')).toBe(1);
    expect(valueOf(after, 'admission_login_failures_total')).toBeGreaterThanOrEqual(1);
    expect(family(after, 'admission_login_lockouts_total').type).toBe('COUNTER');

    const durations = family(after, 'http_request_duration_seconds');
    expect(durations.type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series into one: its labels are read from the text.
    expect(after.text).toMatch(
      /^http_request_duration_seconds_count\{method="PUT",route="\/api\/answer",status="409"\} 1$/m,
    );
    expect(after.text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="PUT",route="\/api\/answer",status="200"\} 1$/m,
    );

    expect(valueOf(after, 'admission_conversion_jobs', { state: 'queued' })).toBe(0);
    expect(valueOf(after, 'admission_conversion_jobs', { state: 'running' })).toBe(0);
    expect(valueOf(after, 'admission_conversion_jobs', { state: 'failed' })).toBe(0);
    expect(valueOf(after, 'admission_conversion_oldest_queued_seconds')).toBe(0);
    expect(family(after, 'admission_pdf_builds_total').type).toBe('COUNTER');
    expect(valueOf(after, 'admission_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(family(after, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
  });

  it('count a queued conversion job and its age', async () => {
    // The worker would take the probe (it polls every 250 ms here) before the scrape counted it as queued.
    await t.app.services.conversionWorker.stop();
    await t.app.db.query(
      `INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name, status, created_at)
       SELECT id, 'probe_doc', 'uploads/1/probe_doc/x', 'x.pdf', 'unprocessed', now() - interval '90 seconds'
         FROM users WHERE username = 'metrics@example.com'`,
    );
    try {
      const families = await scrape();
      expect(valueOf(families, 'admission_conversion_jobs', { state: 'queued' })).toBe(1);
      expect(valueOf(families, 'admission_conversion_oldest_queued_seconds')).toBeGreaterThanOrEqual(90);
    } finally {
      await t.app.db.query(`DELETE FROM conversion_jobs WHERE answer_key = 'probe_doc'`);
      await t.app.services.conversionWorker.start();
    }
  });

  it('read the job counts once per scrape, and again for a scrape that follows at once', async () => {
    const query = jest.spyOn(t.app.db, 'query');
    // The gauges' query (the conversion worker polls the same table with queries of its own).
    const jobQueries = () => query.mock.calls.filter(([sql]) => sql.includes('oldestQueuedSeconds')).length;
    try {
      const { registry } = createMetrics(t.app.db);
      await registry.metrics();
      expect(jobQueries()).toBe(1); // the two job gauges share it
      // No turn of the event loop between the two: a job queued in between must be counted by the second.
      await registry.metrics();
      expect(jobQueries()).toBe(2);
    } finally {
      query.mockRestore();
    }
  });
});

describe('load shedding', () => {
  it('sheds for a run of lagging samples, not for one; a sample that keeps up ends the run', () => {
    const streak = new LagStreak(100);
    streak.record(1_500);
    expect(streak.overloaded).toBe(false);
    streak.record(20);
    streak.record(150);
    expect(streak.overloaded).toBe(false);
    streak.record(NaN); // the loop never turned in the whole interval
    expect(streak.overloaded).toBe(true);
    streak.record(400);
    expect(streak.overloaded).toBe(true);
    streak.record(99);
    expect(streak.overloaded).toBe(false);
  });

  it('lets requests through after one long block of the event loop, and sheds while it keeps lagging', async () => {
    const busyFor = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until); // the loop blocked, as by a slow synchronous task
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // 20 ms: under a 2.5 s block, any one-second sample holding it is over.
    const lagging = await makeApp({ service: service({ shedEventLoopDelayMs: 20 }) });
    const profile = async () => (await lagging.app.inject({ method: 'GET', url: '/api/profile' })).statusCode;
    try {
      await lagging.app.ready();
      await pause(1_100); // a sample that keeps up first
      busyFor(2_500); // once, longer than a sample: a module loaded on first use, say
      const after: number[] = [];
      for (let i = 0; i < 25; i++) {
        after.push(await profile());
        await pause(100);
      }
      expect(after.filter((status) => status === 503)).toEqual([]);

      const blocker = setInterval(() => busyFor(300), 1); // every turn of the loop takes 300 ms: overloaded
      let status = await profile();
      for (let i = 0; i < 100 && status !== 503; i++) {
        await pause(100);
        status = await profile();
      }
      const shed = await lagging.app.inject({ method: 'GET', url: '/api/profile' });
      const health = (await lagging.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
      clearInterval(blocker);
      expect([status, shed.statusCode, shed.headers['retry-after'], shed.json().message]).toEqual([
        503,
        503,
        '5',
        'The server is busy. Please try again in a few seconds.',
      ]);
      expect(health).toBe(200);

      for (let i = 0; i < 50 && status === 503; i++) {
        await pause(100);
        status = await profile();
      }
      expect(status).toBe(401);
    } finally {
      await lagging.close();
    }
  });

  it('answers 503 with Retry-After while over its limit, but never /healthz, /readyz or /metrics', async () => {
    // A heap limit of one byte: overloaded from the first sample on (no timing involved).
    const busy = await makeApp({ service: service({ shedHeapUsedBytes: 1, shedRetryAfterSeconds: 7 }) });
    try {
      let res = await busy.app.inject({ method: 'GET', url: '/api/profile' });
      for (let i = 0; i < 200 && res.statusCode !== 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        res = await busy.app.inject({ method: 'GET', url: '/api/profile' });
      }
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.json()).toEqual({
        message: 'The server is busy. Please try again in a few seconds.',
        code: 'ServiceUnavailable',
      });
      expect((await busy.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await busy.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const metrics = await busy.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
