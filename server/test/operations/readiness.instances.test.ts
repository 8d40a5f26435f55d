import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { freePort } from '../../../testing/freePort';

/**
 * /readyz follows PostgreSQL: 503 naming the database while it is stopped, 200 again once it is back, with no
 * restart of the server. The cluster is this file's own (the project's shared one must keep serving other files).
 */
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => fs.existsSync(p)) ?? 'runuser';

function binDir(): string {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const version = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (version) return path.join(debian, version, 'bin');
  }
  // The project's set-up has already installed them when missing (support/postgresCluster.ts).
  return path.dirname(execSync('command -v initdb', { encoding: 'utf8', shell: '/bin/sh' }).trim());
}

let dir: string;
let pgCtl: (...args: string[]) => void;
let app: FastifyInstance;
/** Starts the stopped cluster again, on the same port. */
let restart: () => void;

beforeAll(async () => {
  const bin = binDir();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admission-ready-pg-'));
  const asOwner = (command: string, args: string[]) =>
    isRoot()
      ? execFileSync(RUNUSER, ['-u', 'nobody', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  if (isRoot()) execFileSync('chown', ['nobody', dir]);
  const data = path.join(dir, 'data');
  asOwner('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, ...args]);
  restart = () => pgCtl('-o', options, '-l', path.join(dir, 'log'), '-w', 'start');
  restart();
  const filesDir = path.join(dir, 'files');
  app = await buildApp(
    loadConfig(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      { logLevel: 'silent', filesDir, outboxDir: path.join(dir, 'outbox'), staticDir: '/nonexistent' },
    ),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close().catch(() => undefined);
  try {
    pgCtl('-m', 'immediate', '-w', 'stop');
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const readiness = async () => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return [res.statusCode, res.json()];
};

it('/readyz is 503 (database) while PostgreSQL is stopped and 200 again when it returns', async () => {
  expect(await readiness()).toEqual([200, { status: 'ok' }]);
  pgCtl('-m', 'fast', '-w', 'stop');
  expect(await readiness()).toEqual([503, { status: 'unavailable', failing: 'database' }]);
  // The process itself is fine: a balancer's liveness check must not restart it for the database's outage.
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  restart();
  let answer = await readiness();
  // The pool may hold a connection the stop ended: it is dropped on its first error and the next one is new.
  for (let i = 0; i < 20 && answer[0] !== 200; i++) answer = await readiness();
  expect(answer).toEqual([200, { status: 'ok' }]);
}, 60_000);
