/**
 * The staff console's e2e server, started by its spec (not by playwright.config.ts): the admin CLI must add the
 * first admins before the server opens the embedded database (one process owns PGlite), and single sign-on needs
 * the test OpenID provider (server/test/support/oidcProvider.ts) running first. Fresh DATA_DIR each run.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { freePort } from '../server/test/support/freePort';

const NODE = path.resolve('node_modules/.bin/node');
/** Each spec's server its own data directory (the staff spec's is .e2e-data/staff). */
const dataDirOf = (name: string) => path.resolve('.e2e-data', name);
const CLIENT_ID = 'staff-console-e2e';
const CLIENT_SECRET = 'staff-console-e2e-secret-0123456789abcdef';

export interface StaffServer {
  /** http://localhost:PORT, the server's PUBLIC_URL. */
  url: string;
  /** Its DATA_DIR (the outbox is in it). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts a program with Node 24 and tsx; resolves once `ready` matches a line it printed. */
function startProgram(
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(NODE, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => ready.test(l));
      if (line) {
        clearTimeout(timer);
        resolve({ child, line });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/staff/api/config`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} did not answer`);
}

function stopProgram(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Adds `admins` (and `readers`) with the admin CLI, and `seed` fictional applicants (`seed-demo`), then starts the
 * OpenID provider and the server (production build in dist/) on free ports. The server's single sign-on requires
 * MFA. `name` names its data directory (.e2e-data/<name>), so specs never share one.
 */
export async function startStaffServer(
  admins: string[],
  options: { readers?: string[]; seed?: number; name?: string } = {},
): Promise<StaffServer> {
  const [port, oidcPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const DATA_DIR = dataDirOf(options.name ?? 'staff');
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const provider = await startProgram(
    'server/test/support/oidcProvider.ts',
    {
      ...process.env,
      OIDC_PORT: String(oidcPort),
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: `${url}/staff/api/sso/callback`,
    },
    /^ready /,
  );
  const issuer = provider.line.replace(/^ready /, '').trim();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR,
    STATIC_DIR: 'dist',
    LOG_LEVEL: 'warn',
    PUBLIC_RATE_LIMIT: '10000',
    STAFF_OIDC_ISSUER: issuer,
    STAFF_OIDC_CLIENT_ID: CLIENT_ID,
    STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    STAFF_OIDC_REQUIRE_MFA: 'true',
  };
  // The CLI opens the embedded database itself: it runs before the server does.
  const cli = (...args: string[]) =>
    promisify(execFile)(NODE, ['--import', 'tsx', 'server/src/cli.ts', ...args], { env });
  try {
    for (const email of admins) await cli('staff', 'add', email, '--role', 'admin');
    for (const email of options.readers ?? []) await cli('staff', 'add', email, '--role', 'reader');
    if (options.seed) await cli('seed-demo', String(options.seed));
  } catch (error) {
    await stopProgram(provider.child);
    throw error;
  }
  const server = spawn(NODE, ['--import', 'tsx', 'server/src/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(url, server);
  } catch (error) {
    await Promise.all([stopProgram(server), stopProgram(provider.child)]);
    throw error;
  }
  return {
    url,
    dataDir: DATA_DIR,
    stop: async () => {
      await Promise.all([stopProgram(server), stopProgram(provider.child)]);
    },
  };
}

/** The mail sent to `email` by the server of `dataDir`, oldest first (quoted-printable .eml files, decoded). */
export function mailTo(email: string, dataDir = dataDirOf('staff')): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .map((text) =>
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(`To: ${email}`));
}

/** The newest enrolment link mailed to `email`. */
export function enrolLink(email: string, dataDir?: string): string {
  const link = mailTo(email, dataDir)
    .at(-1)
    ?.match(/(http\S+\/staff\/enrol\?token=\S+)/)?.[1];
  if (!link) throw new Error(`No enrolment link mailed to ${email}`);
  return link;
}

/** The code an authenticator app shows for the key (as the page shows it: grouped, spaces ignored). */
export function totp(key: string, { nextStep = false } = {}): string {
  const generator = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(key.replace(/\s/g, '')),
  });
  return generator.generate({ timestamp: Date.now() + (nextStep ? 30_000 : 0) });
}

/** A 6-digit code the key does not produce now, nor one step before or after (for the lockout). */
export function wrongCode(key: string): string {
  const generator = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(key.replace(/\s/g, '')),
  });
  const valid = new Set([-1, 0, 1].map((step) => generator.generate({ timestamp: Date.now() + step * 30_000 })));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
