import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { runAdmin } from '../../src/cli';
import { withoutDeploymentSettings } from '../../../scripts/serverCommand.mjs';
import { freePort } from '../../../testing/freePort';
import { enrolmentLink } from '../../../testing/mail';
import { answers, launch, untilReady, type Launched } from '../../../testing/serverProcess';

/**
 * The admin CLI beside a server running on PostgreSQL (the test cluster): nothing holds that database, so the CLI
 * works on it itself, without the admin API (the server has none here), and the server sees what it did.
 */
jest.setTimeout(120_000);

const schema = `c_${crypto.randomBytes(6).toString('hex')}`;
let dataDir: string;
let publicUrl: string;
let server: Launched;
let cliEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-pg-'));
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...withoutDeploymentSettings(process.env),
    DATABASE_URL: process.env.INSTANCES_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
  };
  delete env.ADMIN_API_TOKEN;
  cliEnv = env;
  server = launch({ env: { ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' } });
  await untilReady(server, 'the server on PostgreSQL', () => answers(`${publicUrl}/readyz`, 200));
});

afterAll(async () => {
  await server?.stop();
  const client = new pg.Client(process.env.INSTANCES_DATABASE_URL);
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('works on the database itself while the server runs, audited as the CLI', async () => {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli.ts', 'staff', 'add', 'pg@college.edu', '--role', 'reader'],
    { cwd: path.resolve(__dirname, '../../..'), env: cliEnv },
  );
  expect(stdout).toBe(
    'Added pg@college.edu (reader). An enrolment link was mailed to them (valid 24 hours, single use).\n',
  );
  expect(stderr).toBe('');
  // The CLI sent the mail itself, its link starting with the PUBLIC_URL it was given (the server's).
  expect(enrolmentLink(path.join(dataDir, 'outbox'), 'pg@college.edu')).toMatch(
    new RegExp(`^${publicUrl}/staff/enrol\\?token=`),
  );
  expect(await runAdmin(['staff', 'sso-reset', 'pg@college.edu'], cliEnv)).toBe(
    "Forgot pg@college.edu's single sign-on link (their next single sign-on links it again); their sessions have ended.",
  );
  expect(await runAdmin(['seed-demo', '3'], cliEnv)).toBe('Added 3 fictional applicants (@demo.example.invalid).');
  expect(await runAdmin(['audit', 'verify'], cliEnv)).toMatch(/^The audit log is intact: \d+ row\(s\) checked\.$/);
  const client = new pg.Client(process.env.INSTANCES_DATABASE_URL);
  await client.connect();
  try {
    const { rows } = await client.query<{ actor: string; action: string }>(
      `SELECT actor, action FROM ${schema}.audit_log WHERE action IN ('staff-added', 'staff-sso-reset', 'demo-seeded')
        ORDER BY id`,
    );
    const actor = `cli:${os.userInfo().username}`;
    expect(rows).toEqual([
      { actor, action: 'staff-added' },
      { actor, action: 'staff-sso-reset' },
      { actor, action: 'demo-seeded' },
    ]);
  } finally {
    await client.end();
  }
  // The running server serves what the CLI wrote: the enrolment link opens there.
  const token = new URL(enrolmentLink(path.join(dataDir, 'outbox'), 'pg@college.edu')!).searchParams.get('token');
  const start = await fetch(`${publicUrl}/staff/api/enrol/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ token }),
  });
  expect(start.status).toBe(200);
  expect(await start.json()).toEqual(expect.objectContaining({ email: 'pg@college.edu', role: 'reader' }));
});
