import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { SERVER_START_ARGS } from '../../../scripts/serverCommand.mjs';
import { allListeningLine } from '../../src/processes';
import { freePort } from '../../../testing/freePort';

/**
 * Metrics with several server processes (SERVER_PROCESSES=2 on PostgreSQL): each process counts what it serves and
 * the primary sums them, on METRICS_PORT and for /metrics on the shared port, whichever process answers.
 */
const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 't'.repeat(40);
const schema = `m_${crypto.randomBytes(6).toString('hex')}`;
let primary: ChildProcess;
let dataDir: string;
let port: number;
let metricsPort: number;
let stdout = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-processes-'));
  port = await freePort();
  metricsPort = await freePort();
  primary = spawn(process.execPath, SERVER_START_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: process.env.INSTANCES_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      SERVER_PROCESSES: '2',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  primary.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  for (let i = 0; i < 600 && !stdout.includes(allListeningLine(2)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(stdout).toContain(allListeningLine(2));
}, 70_000);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  const client = new pg.Client(process.env.INSTANCES_DATABASE_URL);
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The summed count of GET /healthz answers in a scrape. */
const healthzCount = (text: string) =>
  Number(
    text.match(/^http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)$/m)?.[1] ?? 0,
  );

it('the primary sums both processes: METRICS_PORT and /metrics on the shared port agree', async () => {
  // New connections each time: round robin hands them to both processes.
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  }
  const local = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(healthzCount(local)).toBe(10);
  const families = parsePrometheusTextFormat(local);
  for (const name of ['admission_conversion_jobs', 'admission_db_pool_connections', 'nodejs_eventloop_lag_seconds']) {
    expect(families.some((f) => f.name === name)).toBe(true);
  }
  // Whole-database gauges are not doubled by the sum.
  expect(local).toMatch(/^admission_conversion_jobs\{state="queued"\} 0$/m);

  const shared = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
  });
  expect(shared.status).toBe(200);
  expect(healthzCount(await shared.text())).toBe(10);
  // It serves nothing else.
  expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
}, 60_000);
