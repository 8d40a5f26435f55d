/**
 * The real server for the bench: server/src/main.ts in a child Node process (so its RSS can be read from
 * /proc/<pid>/status), on a fresh database in a temp DATA_DIR, on loopback port 3200 (the e2e suite uses 3100/3101
 * and .e2e-data). Applicants are made through the API: sign up, the code from the outbox (testing/mail.ts),
 * confirm, log in. And the production build it serves (buildSpa).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { runCommand } from '../server/src/cli';
import { loadConfig } from '../server/src/config';
import { allListeningLine } from '../server/src/processes';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import type { AnswerValue } from '../src/kernel/form/definition/types';
import { serverChildPids, withoutDeploymentSettings } from '../scripts/serverCommand.mjs';
import { confirmationCode, counselorLinkToken, waitForMail } from '../testing/mail';
import { answers, launch, untilReady } from '../testing/serverProcess';
import { log, ROOT, sleep } from './common';

export const BENCH_PORT = Number(process.env.BENCH_PORT || 3200);
export const PASSWORD = 'Maple-Syrup-2024!';

/**
 * The production build (webpack.config.ts) into `distDir`, with the bench's render counter, on this Node: what the
 * bench's server serves (bench/run.ts, bench/keystrokeProfile.ts).
 */
export async function buildSpa(distDir: string): Promise<void> {
  const cli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [cli, '--mode', 'production', '--env', `outputPath=${distDir}`, '--env', 'bench'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack exited with ${code}: ${output}`))));
  });
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  outboxDir: string;
  /** VmRSS of the server's processes together, in KiB (null when /proc is unavailable or they are gone). */
  rssKib(): number | null;
  /** How many processes serve (SERVER_PROCESSES: one per core by default on PostgreSQL). */
  processes: number;
  /** The last lines the server wrote (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface Applicant {
  username: string;
  /** The Cookie header of the session (sid and logged_in). */
  cookie: string;
  cookies: { name: string; value: string }[];
}

/** Answers that show every conditional question of About You (and keep the rest of the application complete). */
export function revealingApplication(): Record<string, AnswerValue> {
  return {
    ...completeApplication(),
    intl_reside: 'Y',
    intl_reside_desc: 'Yes',
    phone_international: '+44 20 7946 0000',
    mailing_addr_same_as_perm_addr: 'N',
    mailing_addr_same_as_perm_addr_desc: 'No',
    mailing_address_line_2: 'Suite 5',
    parent_addr_same_as_stu_perm: 'N',
    parent_address_line_1: '7 Elm Road',
    parent_city: 'Boston',
    parent_country: 'USA',
    parent_state: 'MA',
    parent_zip: '02108',
    parent_2_addr_same_as_stu_perm: 'N',
    parent_education: 'other',
    parent_2_education: 'other',
    citizenship_type: 'PR',
    alien_registration_number: 'A123456789',
    veteran_question: 'VETERAN',
    mil_ed: 'Y',
  };
}

function readRssKib(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The server's processes: `pid` and, with SERVER_PROCESSES above 1 (PostgreSQL), the processes it runs. */
function serverPids(pid: number): number[] {
  try {
    return [pid, ...serverChildPids(pid)];
  } catch {
    return [pid]; // no /proc
  }
}

/** VmRSS of all the server's processes together, in KiB. */
function serverRssKib(pid: number): number | null {
  const each = serverPids(pid).map(readRssKib);
  return each.every((kib) => kib === null) ? null : each.reduce<number>((sum, kib) => sum + (kib ?? 0), 0);
}

/** The newest confirmation code mailed to `to` (waits for the mail: it is written just after the answer). */
export function mailedCode(outboxDir: string, to: string, timeoutMs = 15_000): Promise<string> {
  return waitForMail(`confirmation code mailed to ${to} in ${outboxDir}`, () => confirmationCode(outboxDir, to), {
    timeoutMs,
  });
}

export const uniqueUsername = (label: string) => `bench-${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** Tries of a set-up call while the server answers 503 with a Retry-After. */
const SHED_ATTEMPTS = 4;

/**
 * fetch, made again after the wait a 503 with Retry-After asks for (up to SHED_ATTEMPTS tries), as the SPA does: a
 * server shedding load (server/src/health) is answering as it should, and a set-up call must not fail the area for
 * it. For the bench's set-up calls (sign-ups, logins, enrolment), never for a measured load.
 */
export async function fetchPastShedding(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    const retryAfterS = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || !(retryAfterS > 0) || attempt >= SHED_ATTEMPTS) return res;
    log(`  ${init.method ?? 'GET'} ${new URL(url).pathname} → 503 (the server is shedding): again in ${retryAfterS} s`);
    await sleep(retryAfterS * 1000);
  }
}

async function post(server: RunningServer, url: string, body: unknown, expected: number): Promise<Response> {
  const res = await fetchPastShedding(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
  return res;
}

/** Logs in through the HTTP API: the new session's cookies. */
export async function logIn(server: RunningServer, username: string): Promise<Applicant> {
  const login = await post(server, '/public/login', { username, password: PASSWORD }, 200);
  const cookies = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((c) => c.value !== '');
  if (!cookies.some((c) => c.name === 'sid')) throw new Error(`login of ${username} set no session cookie`);
  return { username, cookies, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** Signs up, confirms (code from the outbox) and logs in through the HTTP API. */
export async function createApplicant(server: RunningServer, username: string): Promise<Applicant> {
  await post(server, '/public/signup', { username, password: PASSWORD }, 201);
  const code = await mailedCode(server.outboxDir, username);
  await post(server, '/public/confirm', { username, code }, 200);
  return logIn(server, username);
}

/** `count` applicants, a few at a time (scrypt makes each sign-up and login cost tens of ms). */
export async function createApplicants(server: RunningServer, count: number, label: string): Promise<Applicant[]> {
  const out: Applicant[] = [];
  const concurrency = 4;
  for (let i = 0; i < count; i += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - i) }, (_, j) =>
      createApplicant(server, uniqueUsername(`${label}${i + j}`)),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

export async function api(
  server: RunningServer,
  applicant: Applicant,
  method: string,
  url: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetchPastShedding(`${server.baseUrl}${url}`, {
    method,
    headers: { cookie: applicant.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Saves a whole application for the applicant (answers, four activities, the upload tab). */
export async function saveApplication(
  server: RunningServer,
  applicant: Applicant,
  answers: Record<string, AnswerValue>,
) {
  await api(server, applicant, 'PUT', '/api/answer', answers);
  await api(server, applicant, 'PUT', '/api/add-another', { button_id: 'activity', num_components: 4 });
}

/**
 * Before the server starts: in this process, on the server's (empty) database, creates the seeded applicant with a
 * complete application through the API routes (app.inject) and a staff service token with the admin CLI's own
 * command (the CLI refuses to run beside a server on the embedded database).
 */
export async function seedDatabase(
  env: NodeJS.ProcessEnv,
): Promise<{ username: string; serviceToken: string; counselorToken: string }> {
  const config = loadConfig(env, { logLevel: 'warn', staticDir: '/nonexistent', publicRateLimit: 1_000_000 });
  const app = await buildApp(config);
  try {
    const username = uniqueUsername('seeded');
    const json = { 'content-type': 'application/json' };
    const signup = await app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: json,
      payload: { username, password: PASSWORD },
    });
    if (signup.statusCode !== 201) throw new Error(`seed sign-up → ${signup.statusCode}: ${signup.body}`);
    const code = await mailedCode(config.outboxDir, username);
    const confirm = await app.inject({
      method: 'POST',
      url: '/public/confirm',
      headers: json,
      payload: { username, code },
    });
    if (confirm.statusCode !== 200) throw new Error(`seed confirm → ${confirm.statusCode}: ${confirm.body}`);
    const login = await app.inject({
      method: 'POST',
      url: '/public/login',
      headers: json,
      payload: { username, password: PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const as = { ...json, cookie };
    for (const [url, payload] of [
      ['/api/answer', revealingApplication()],
      ['/api/add-another', { button_id: 'activity', num_components: 4 }],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url, headers: as, payload });
      if (res.statusCode !== 200) throw new Error(`seed PUT ${url} → ${res.statusCode}: ${res.body}`);
    }
    const printed = await runCommand(app, ['service-token', 'create', username]);
    const serviceToken = printed.match(/service_token=([^\s&]+)/)?.[1];
    if (!serviceToken) throw new Error(`admin CLI printed no service token: ${printed}`);
    // The counselor's page (Lighthouse): the seeded applicant's request, its link read from the mail.
    const request = await app.inject({ method: 'POST', url: '/api/school-report/request', headers: as, payload: {} });
    if (request.statusCode !== 200)
      throw new Error(`seed school report request → ${request.statusCode}: ${request.body}`);
    const counselor = String(revealingApplication().counselor_email_address);
    const counselorToken = await waitForMail(`counselor link mailed to ${counselor}`, () =>
      counselorLinkToken(config.outboxDir, counselor),
    );
    return { username, serviceToken, counselorToken };
  } finally {
    await app.close();
  }
}

export interface ServerOptions {
  port: number;
  /** Fresh temp dir when omitted. */
  dataDir?: string;
  staticDir: string;
  /** PostgreSQL instead of PGlite (with a schema of its own). */
  databaseUrl?: string;
  databaseSchema?: string;
  /** SERVER_PROCESSES (PostgreSQL only); the server's default (one per core) when omitted. */
  processes?: number;
}

/** The environment of a bench server (nothing inherited that would change the database or mail). */
export function serverEnv(options: ServerOptions & { dataDir: string }): NodeJS.ProcessEnv {
  // SERVER_PROCESSES too: the bench runs the server as npm start does by default.
  return {
    ...withoutDeploymentSettings(process.env),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.staticDir,
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    PUBLIC_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.databaseSchema ? { DATABASE_SCHEMA: options.databaseSchema } : {}),
    ...(options.processes ? { SERVER_PROCESSES: String(options.processes) } : {}),
  };
}

export function makeDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function answersOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts server/src/main.ts as npm start does (testing/serverProcess.ts) and waits until it answers. */
export async function startServer(options: ServerOptions & { dataDir: string }): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // A server left running by an interrupted run would answer in this one's place, on another database.
  if (await answersOn(options.port)) {
    throw new Error(`Port ${options.port} is in use (a server left by an earlier run?): stop it, or set BENCH_PORT.`);
  }
  const env = serverEnv(options);
  // The processes it runs, as its own config counts them (with several, a primary supervises them).
  const processes = loadConfig(env).serverProcesses;
  const launched = launch({ env, killAfterMs: 10_000, keepChars: 4000 });
  const server: RunningServer = {
    baseUrl,
    pid: launched.pid,
    dataDir: options.dataDir,
    outboxDir: path.join(options.dataDir, 'outbox'),
    rssKib: () => (launched.pid > 0 ? serverRssKib(launched.pid) : null),
    processes,
    output: launched.output,
    stop: launched.stop,
  };
  // With several processes the first answers before the others listen: wait for the primary's line (main.ts).
  const allListening = () => processes === 1 || launched.output().includes(allListeningLine(processes));
  await untilReady(
    launched,
    `The server on ${baseUrl}`,
    async () => (await answers(`${baseUrl}/api/profile`, 401)) && allListening(),
  );
  return server;
}
