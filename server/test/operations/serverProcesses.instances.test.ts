import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_START_ARGS, serverChildPids } from '../../../scripts/serverCommand.mjs';
import { allListeningLine, oneOfLine } from '../../src/processes';
import { latestCode, PASSWORD } from '../helpers';
import { freePort } from '../../../testing/freePort';

/**
 * SERVER_PROCESSES on PostgreSQL (server/src/processes.ts): the server as `npm start` runs it, with two processes
 * sharing one port on the test cluster. Requests reach both, a session works on either, a process that dies is
 * replaced while the other keeps serving, and SIGTERM drains a save in flight before everything exits.
 */
const ROOT = path.resolve(__dirname, '../../..');
const schema = `p_${crypto.randomBytes(6).toString('hex')}`;
let dataDir: string;
let port: number;
let primary: ChildProcess;
/** The processes' pino lines (stdout) and the primary's messages (stderr). */
let stdout = '';
let stderr = '';

/** One request on a connection of its own, so that the primary hands each to the next process. */
function request(
  method: string,
  url: string,
  options: { body?: object; cookie?: string; holdBodyMs?: number } = {},
): Promise<{ status: number; body: string; setCookie: string[] }> {
  const body = options.body ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, setCookie: response.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    if (body && options.holdBodyMs) {
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), options.holdBodyMs);
    } else req.end(body);
  });
}

/** The server processes the primary runs. */
const serverProcesses = () => serverChildPids(primary.pid!);

type Maybe<T> = T | null | undefined | false;

async function until<T>(what: string, check: () => Maybe<T> | Promise<Maybe<T>>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (primary.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `${what} did not happen (primary exit code ${primary.exitCode}):\n${stderr}\n${stdout.slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pids of the processes that logged an answered request from `offset` of their output on (complete lines). */
function answeringPids(offset: number): Set<number> {
  const pids = new Set<number>();
  for (const line of stdout.slice(offset).split('\n').slice(0, -1)) {
    if (!line.includes('"request completed"')) continue;
    pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return pids;
}

const listeningLines = () => stdout.split(oneOfLine(2)).length - 1;

async function newApplicant(username: string): Promise<string> {
  expect((await request('POST', '/public/signup', { body: { username, password: PASSWORD } })).status).toBe(201);
  const outbox = { outboxDir: path.join(dataDir, 'outbox') };
  // Until the mail is there and whole (latestCode throws before).
  const code = await until('the confirmation mail', () => {
    try {
      return latestCode(outbox, username);
    } catch {
      return null;
    }
  });
  expect((await request('POST', '/public/confirm', { body: { username, code } })).status).toBe(200);
  const login = await request('POST', '/public/login', { body: { username, password: PASSWORD } });
  expect(login.status).toBe(200);
  return login.setCookie.map((c) => c.split(';')[0]).join('; ');
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'processes-'));
  port = await freePort();
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
      LOG_LEVEL: 'info',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  primary.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The primary's line follows the processes' 'listening' events, which reach it by IPC: a process's own start
  // line (its log, on its own pipe) may arrive after it under load. So wait for what is counted: both start lines.
  await until(
    'two processes listening, each with its start line',
    () => stdout.includes(allListeningLine(2)) && listeningLines() >= 2,
    60_000,
  );
  expect(listeningLines()).toBe(2);
}, 70_000);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  const client = new pg.Client(process.env.INSTANCES_DATABASE_URL);
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('two processes answer on the one port, and a session made on one works on the other', async () => {
  expect(serverProcesses()).toHaveLength(2);
  const cookie = await newApplicant('both@example.com');
  const from = stdout.length;
  expect((await request('PUT', '/api/answer', { body: { first_name: 'Ada' }, cookie })).status).toBe(200);
  for (let i = 0; i < 6; i += 1) {
    const profile = await request('GET', '/api/profile', { cookie });
    expect(profile.status).toBe(200);
    expect(JSON.parse(profile.body).answer).toEqual({ first_name: 'Ada' });
  }
  await until('the last request logged', () => answeringPids(from).size === 2);
  expect([...answeringPids(from)].sort()).toEqual(serverProcesses().sort());
}, 60_000);

it('a process that dies is replaced, and the other answers meanwhile', async () => {
  const cookie = await newApplicant('survivor@example.com');
  const [victim, survivor] = serverProcesses();
  process.kill(victim, 'SIGKILL');
  await until('the primary noticing', () =>
    stderr.includes(`Server process ${victim} exited (SIGKILL); starting another`),
  );
  // Every request while the new one starts is answered (by the process still running).
  for (let i = 0; i < 4; i += 1) expect((await request('GET', '/api/profile', { cookie })).status).toBe(200);
  const replaced = await until('a new process', () => {
    const now = serverProcesses();
    return now.length === 2 && !now.includes(victim) && now.includes(survivor) ? now : null;
  });
  await until('the new process listening', () => listeningLines() === 3);
  const from = stdout.length;
  for (let i = 0; i < 6; i += 1) expect((await request('GET', '/api/profile', { cookie })).status).toBe(200);
  await until('the last request logged', () => answeringPids(from).size === 2);
  expect([...answeringPids(from)].sort()).toEqual(replaced.sort());
}, 60_000);

it('SIGTERM: a save whose body is still arriving completes (200), then every process exits, the primary with 0', async () => {
  const cookie = await newApplicant('drain@example.com');
  const workers = serverProcesses();
  const saved = request('PUT', '/api/answer', { body: { first_name: 'Ada', city: 'Troy' }, cookie, holdBodyMs: 500 });
  const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
  setTimeout(() => primary.kill('SIGTERM'), 200);
  expect((await saved).status).toBe(200);
  expect(await exited).toBe(0);
  for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
}, 60_000);
