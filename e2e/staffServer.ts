/**
 * The staff console's e2e server, started by its spec (not by playwright.config.ts): the admin CLI must add the
 * first admins before the server opens the embedded database (one process owns PGlite), and single sign-on needs
 * the test OpenID provider (testing/oidcProvider.ts) running first. Fresh DATA_DIR each run.
 */
import { execFile } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../testing/freePort';
import { enrolmentLink, outbox } from '../testing/mail';
import { answers, launch, untilReady, type Launched } from '../testing/serverProcess';
import { totpCode, wrongTotpCode } from '../testing/totp';

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

/** A program started beside the server, and the settings that point the server at it. */
export interface Companion {
  env: NodeJS.ProcessEnv;
  stop: () => Promise<unknown>;
}

/** Starts a program with Node 24 and tsx; resolves once `ready` matches a line it printed on stdout. */
export async function startProgram(
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Launched & { line: string }> {
  const program = launch({ env, node: NODE, args: ['--import', 'tsx', script] });
  const line = () =>
    program
      .output()
      .split('\n')
      .find((l) => ready.test(l));
  await untilReady(program, `${script} starting`, () => Boolean(line()), { timeoutMs: 60_000, intervalMs: 50 });
  return { ...program, line: line()! };
}

/**
 * Adds `admins` (and `readers`) with the admin CLI, and `seed` fictional applicants (`seed-demo`), then starts the
 * OpenID provider and the server (production build in dist/) on free ports. The server's single sign-on requires
 * MFA. `name` names its data directory (.e2e-data/<name>), so specs never share one.
 */
export async function startStaffServer(
  admins: string[],
  options: {
    readers?: string[];
    seed?: number;
    name?: string;
    /** A program the server needs (the SAML IdP) started first for its URL: its settings join the server's env. */
    companion?: (url: string) => Promise<Companion>;
    /** Settings of the spec's own (the application deadline's), for the server and the CLI alike. */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<StaffServer> {
  const [port, oidcPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const DATA_DIR = dataDirOf(options.name ?? 'staff');
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const provider = await startProgram(
    'testing/oidcProvider.ts',
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
  const companion = options.companion ? await options.companion(url) : { env: {}, stop: async () => undefined };
  const stopPrograms = () => Promise.all([provider.stop(), companion.stop()]);
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
    ...companion.env,
    ...options.env,
  };
  // The CLI opens the embedded database itself: it runs before the server does.
  const cli = (...args: string[]) =>
    promisify(execFile)(NODE, ['--import', 'tsx', 'server/src/cli.ts', ...args], { env });
  try {
    for (const email of admins) await cli('staff', 'add', email, '--role', 'admin');
    for (const email of options.readers ?? []) await cli('staff', 'add', email, '--role', 'reader');
    if (options.seed) await cli('seed-demo', String(options.seed));
  } catch (error) {
    await stopPrograms();
    throw error;
  }
  // The server as npm start runs it (testing/serverProcess.ts), its output shown in the e2e run.
  const server = launch({ env, node: NODE, echo: true });
  try {
    await untilReady(server, `the staff e2e server at ${url}`, () => answers(`${url}/staff/api/config`, 200), {
      intervalMs: 250,
    });
  } catch (error) {
    await Promise.all([server.stop(), stopPrograms()]);
    throw error;
  }
  return {
    url,
    dataDir: DATA_DIR,
    stop: async () => {
      await Promise.all([server.stop(), stopPrograms()]);
    },
  };
}

/** The mail sent to `email` by the server of `dataDir`, oldest first (testing/mail.ts reads the outbox). */
export function mailTo(email: string, dataDir = dataDirOf('staff')): string[] {
  return outbox(path.join(dataDir, 'outbox'), email);
}

/** The newest enrolment link mailed to `email`. */
export function enrolLink(email: string, dataDir = dataDirOf('staff')): string {
  const link = enrolmentLink(path.join(dataDir, 'outbox'), email);
  if (!link) throw new Error(`No enrolment link mailed to ${email}`);
  return link;
}

/** The code an authenticator app shows for the key (as the page shows it: grouped, spaces ignored). */
export function totp(key: string, { nextStep = false } = {}): string {
  return totpCode(key, nextStep ? 1 : 0);
}

/** A 6-digit code the key does not produce now, nor one step before or after (for the lockout). */
export const wrongCode = wrongTotpCode;

/**
 * Enrols `email` from its mailed link on `server` (password, the authenticator's code, the recovery codes saved):
 * signed in, on the console's home.
 */
export async function enrolStaff(page: Page, email: string, server: Pick<StaffServer, 'dataDir'>, password: string) {
  await page.goto(enrolLink(email, server.dataDir));
  const key = (await page.locator('#authenticator-key').textContent())!.replace(/\s/g, '');
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Authenticator code').fill(totp(key));
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}` })).toBeVisible();
}
