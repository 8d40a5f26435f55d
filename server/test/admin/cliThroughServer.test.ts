import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runAdmin, runCommand } from '../../src/cli';
import { openPglite } from '../../src/db/pgliteDb';
import { withoutDeploymentSettings } from '../../../scripts/serverCommand.mjs';
import { freePort } from '../../../testing/freePort';
import { enrolmentLink } from '../../../testing/mail';
import { answers, launch, untilReady, type Launched } from '../../../testing/serverProcess';
import { makeApp, type TestApp } from '../helpers';
import { auditRows } from '../staff/helpers';

/**
 * The admin CLI while a server runs on the embedded database (which one process may open): every command goes
 * through the server's admin API and prints what it prints when it runs on the database itself, its links and mail
 * start with the server's PUBLIC_URL, and the audit log names the CLI's user either way.
 */
jest.setTimeout(180_000);

const ADMIN = 'c'.repeat(40);
const ACTOR = `cli:${os.userInfo().username}`;
/** The embedded database on files, whatever database the rest of the suite runs on (npm run test:pg). */
const EMBEDDED = { memoryDb: undefined, databaseUrl: undefined, databaseSchema: undefined };
let dir: string;
let dataDir: string;
let port: number;
/** The server's PUBLIC_URL: not the address the CLI reaches it at (ADMIN_URL), nor the CLI's default. */
let publicUrl: string;
let server: Launched;
/** The CLI's environment: the server's DATA_DIR and admin token, no PUBLIC_URL. */
let cliEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-server-'));
  dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const template = process.env.PGLITE_TEMPLATE;
  // The server's database on files, started from the suite's migrated template (initdb takes seconds).
  await (
    await openPglite({
      dataDir: path.join(dataDir, 'db'),
      ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
    })
  ).close();
  port = await freePort();
  publicUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...withoutDeploymentSettings(process.env),
    DATA_DIR: dataDir,
    ADMIN_API_TOKEN: ADMIN,
  };
  delete env.PUBLIC_URL;
  delete env.PORT;
  cliEnv = { ...env, ADMIN_URL: `http://127.0.0.1:${port}` };
  server = launch({
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl, STATIC_DIR: '/nonexistent' },
  });
  await untilReady(server, 'the server', () => answers(`http://127.0.0.1:${port}/readyz`, 200));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The server's mail: its outbox in its DATA_DIR. */
const outboxDir = () => path.join(dataDir, 'outbox');

/**
 * A session of admin commands, run with `run`; what each printed (or the error it ended with), with what differs
 * from one database to another (tokens, the links' start, demo addresses, row counts) replaced by names.
 */
async function session(run: (argv: string[]) => Promise<string>): Promise<string[]> {
  const outputs: string[] = [];
  const files = fs.mkdtempSync(path.join(dir, 'files-'));
  const answersFile = path.join(files, 'answers.json');
  fs.writeFileSync(answersFile, JSON.stringify({ first_name: 'Linked' }));
  const csv = path.join(files, 'address.csv');
  fs.writeFileSync(csv, 'id,address_line_1,address_line_2,city,state,zip,country\nz1,9 Test Way,,Troy,NY,12180,USA\n');
  const badCsv = path.join(files, 'bad.csv');
  fs.writeFileSync(badCsv, 'id,city\nz2,Troy\n');
  let applicant = '';
  let token = '';
  const step = async (...argv: string[]) => {
    let out: string;
    try {
      out = await run(argv);
    } catch (error) {
      out = `error: ${(error as Error).message}`;
    }
    token = out.match(/token=([\w-]{43})/)?.[1] ?? token;
    outputs.push(
      (applicant ? out.replaceAll(applicant, 'APPLICANT') : out)
        .replace(/http:\/\/localhost:\d+/g, 'PUBLIC_URL')
        .replace(/[\w-]{43}/g, 'TOKEN')
        .replace(/\d+ row\(s\) checked/, 'N row(s) checked'),
    );
    return out;
  };
  await step('users');
  await step('staff', 'list');
  await step('staff', 'add', 'Dean@College.edu', '--role', 'admin');
  await step('staff', 'add', 'r@college.edu', '--role', 'owner');
  await step('staff', 'add', 'r@college.edu', '--role', 'reader');
  await step('staff', 'add', 'r@college.edu', '--role', 'reader');
  await step('staff', 'list');
  await step('staff', 'role', 'r@college.edu', 'admin');
  await step('staff', 'sso-reset', 'r@college.edu');
  await step('staff', 'remove', 'r@college.edu');
  await step('staff', 'remove', 'r@college.edu');
  await step('seed-demo', '3');
  const users = (await run(['users'])).split('\n');
  outputs.push(`${users.length} users`);
  applicant = users[0].split('\t')[0];
  await step('service-token', 'create', applicant, '--days', '2');
  await step('service-token', 'revoke', token);
  await step('service-token', 'create', applicant);
  await step('service-token', 'revoke-all', applicant);
  await step('service-token', 'create', 'nobody@example.com');
  await step('public-link', 'create', answersFile);
  await step('public-link', 'revoke', token);
  await step('public-link', 'revoke', token);
  await step('import-lookup', 'address', csv);
  await step('import-lookup', 'address', badCsv);
  await step('audit', 'verify');
  await step('notice');
  await step('notice', 'Applications', 'close', 'at', 'midnight.');
  await step('notice');
  await step('notice', ' ');
  await step('notice', '--clear');
  await step('maintenance');
  await step('maintenance', 'on');
  await step('maintenance', 'off');
  await step('frobnicate');
  return outputs;
}

it('runs one command as `npm run admin` does, through the running server, its mail linking to its PUBLIC_URL', async () => {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli.ts', 'staff', 'add', 'first@college.edu', '--role', 'admin'],
    { cwd: path.resolve(__dirname, '../../..'), env: cliEnv },
  );
  expect(stdout).toBe(
    'Added first@college.edu (admin). An enrolment link was mailed to them (valid 24 hours, single use).\n',
  );
  // The server made the link: no warning about the CLI's own PUBLIC_URL.
  expect(stderr).toBe('');
  expect(enrolmentLink(outboxDir(), 'first@college.edu')).toMatch(
    new RegExp(`^${publicUrl}/staff/enrol\\?token=[\\w-]{43}$`),
  );
});

it('prints the same through the server as on the database itself, and audits each command as the CLI', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  let direct: TestApp | undefined;
  try {
    const through = await session((argv) => runAdmin(argv, cliEnv));
    expect(warn).not.toHaveBeenCalled();
    direct = await makeApp();
    const app = direct.app;
    await runCommand(app, ['staff', 'add', 'first@college.edu', '--role', 'admin']);
    expect(through).toEqual(await session((argv) => runCommand(app, argv)));
    // What a reader of the output would notice, spelled out once.
    expect(through.slice(0, 11)).toEqual([
      'No users yet.',
      // `first@college.edu` was added before (by the test above, and on the direct side by hand).
      'first@college.edu\tadmin\tnot enrolled\tlast sign-in never',
      'Added Dean@College.edu (admin). An enrolment link was mailed to them (valid 24 hours, single use).',
      'error: The role must be one of: reader, admin.',
      'Added r@college.edu (reader). An enrolment link was mailed to them (valid 24 hours, single use).',
      'error: A staff account with this email address already exists.',
      'dean@college.edu\tadmin\tnot enrolled\tlast sign-in never\nfirst@college.edu\tadmin\tnot enrolled\tlast sign-in never\nr@college.edu\treader\tnot enrolled\tlast sign-in never',
      'r@college.edu is now admin; their sessions have ended.',
      "Forgot r@college.edu's single sign-on link (their next single sign-on links it again); their sessions have ended.",
      'Removed r@college.edu; their sessions have ended.',
      'error: There is no staff account with this email address.',
    ]);
    expect(through.slice(17, 19)).toEqual([
      'error: No applicant with the username nobody@example.com',
      'Public link:\nPUBLIC_URL/about?token=TOKEN',
    ]);
    expect(through.slice(-9, -1)).toEqual([
      'No notice is shown.',
      'Every applicant page shows this notice within a minute:\nApplications close at midnight.',
      'Notice: Applications close at midnight.',
      'error: The notice has no text: give its words, or clear it.',
      'The notice was cleared: applicant pages stop showing it within a minute.',
      "Maintenance is off: applicants' changes are accepted.",
      "Maintenance is on: applicants' changes are refused (503) and their pages say so; reads keep working.",
      "Maintenance is off: applicants' changes are accepted.",
    ]);
  } finally {
    warn.mockRestore();
    await direct?.close();
  }
  expect(enrolmentLink(outboxDir(), 'r@college.edu')).toMatch(new RegExp(`^${publicUrl}/staff/enrol\\?token=`));
  // A link the CLI prints starts with the server's PUBLIC_URL too: the server made it.
  const answersFile = path.join(dir, 'link.json');
  fs.writeFileSync(answersFile, JSON.stringify({ first_name: 'Linked' }));
  expect(await runAdmin(['public-link', 'create', answersFile], cliEnv)).toMatch(
    new RegExp(`^Public link:\\n${publicUrl}/about\\?token=[\\w-]{43}$`),
  );
});

it("sets the running server's notice and maintenance mode, which its applicant pages read at once", async () => {
  const server = `http://127.0.0.1:${port}`;
  const status = async () => (await fetch(`${server}/public/service-status`)).json();
  const signUp = () =>
    fetch(`${server}/public/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'later@example.com', password: 'Maple-Syrup-2024!' }),
    });
  try {
    await runAdmin(['notice', 'Deadline extended to Friday.'], cliEnv);
    await runAdmin(['maintenance', 'on'], cliEnv);
    // The server set them itself: no cache stands between it and its pages.
    expect(await status()).toEqual({ notice: 'Deadline extended to Friday.', maintenance: true });
    const refused = await signUp();
    expect(refused.status).toBe(503);
    expect((await refused.json()).code).toBe('Maintenance');
    expect((await fetch(`${server}/readyz`)).status).toBe(200);
  } finally {
    await runAdmin(['maintenance', 'off'], cliEnv);
    await runAdmin(['notice', '--clear'], cliEnv);
  }
  expect(await status()).toEqual({ notice: null, maintenance: false });
  expect((await signUp()).status).toBe(201);
});

it('refuses while the server runs without ADMIN_API_TOKEN, saying what to set', async () => {
  await expect(runAdmin(['staff', 'list'], { ...cliEnv, ADMIN_API_TOKEN: '' })).rejects.toThrow(
    new RegExp(
      `^The embedded database in ${dataDir} is in use by process ${server.pid}\\. .*\\n` +
        'To run admin commands while it runs, set ADMIN_API_TOKEN \\(as the server has it\\) and, when the server ' +
        'is not at PUBLIC_URL, ADMIN_URL',
    ),
  );
  await expect(runAdmin(['staff', 'list'], { ...cliEnv, ADMIN_URL: 'http://127.0.0.1:1' })).rejects.toThrow(
    /did not answer at http:\/\/127\.0\.0\.1:1 .*set ADMIN_URL to its address/,
  );
  await expect(runAdmin(['staff', 'list'], { ...cliEnv, ADMIN_API_TOKEN: 'd'.repeat(40) })).rejects.toThrow(
    'A valid admin token is required.',
  );
});

it('once the server has stopped, works on the database itself; the log holds every command as the CLI', async () => {
  await server.stop();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    // Without PUBLIC_URL the CLI's link starts with its default, and it says so.
    expect(await runAdmin(['staff', 'add', 'late@college.edu', '--role', 'reader'], cliEnv)).toMatch(/^Added late@/);
    expect(warn).toHaveBeenCalledWith(
      "PUBLIC_URL is not set, so the link starts with http://localhost:3000: run the CLI with the server's " +
        'PUBLIC_URL in its environment if the server is elsewhere.',
    );
    expect(enrolmentLink(outboxDir(), 'late@college.edu')).toMatch(/^http:\/\/localhost:3000\/staff\/enrol\?token=/);
    warn.mockClear();
    await runAdmin(['staff', 'add', 'later@college.edu', '--role', 'reader'], { ...cliEnv, PUBLIC_URL: publicUrl });
    expect(warn).not.toHaveBeenCalled();
    expect(enrolmentLink(outboxDir(), 'later@college.edu')).toMatch(new RegExp(`^${publicUrl}/staff/enrol\\?token=`));
  } finally {
    warn.mockRestore();
  }
  const stopped = await makeApp({ ...EMBEDDED, dataDir });
  try {
    const rows = await auditRows(stopped);
    // Every call the CLI sent: the route, as the CLI's user (the refused one is the API's: no valid token).
    expect(rows.filter((r) => r.action === 'access-refused').map((r) => r.actor)).toEqual(['admin-api']);
    expect(rows.filter((r) => r.action === 'admin-api').every((r) => r.actor === ACTOR)).toBe(true);
    expect(rows.filter((r) => r.action === 'admin-api').map((r) => r.target)).toEqual(
      expect.arrayContaining([
        'POST /admin/staff',
        'POST /admin/staff/role',
        'POST /admin/staff/sso-reset',
        'POST /admin/staff/remove',
        'POST /admin/seed-demo',
        'GET /admin/applicants',
        'POST /admin/service-tokens',
        'POST /admin/service-tokens/revoke-all',
        'POST /admin/public-links',
        'POST /admin/revoke',
        'POST /admin/lookup',
        'GET /admin/audit/verify',
        'GET /admin/service-status',
        'POST /admin/notice',
        'POST /admin/notice/clear',
        'POST /admin/maintenance',
      ]),
    );
    const done = rows.filter((r) => !['admin-api', 'access-refused'].includes(r.action));
    expect(done.every((r) => r.actor === ACTOR)).toBe(true);
    expect(done.map((r) => `${r.action} ${r.target}`)).toEqual(
      expect.arrayContaining([
        'staff-added first@college.edu',
        'staff-added r@college.edu',
        'staff-role-changed r@college.edu',
        'staff-sso-reset r@college.edu',
        'staff-removed r@college.edu',
        'staff-added late@college.edu',
      ]),
    );
    expect(done.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'demo-seeded',
        'applicants-listed',
        'service-token-minted',
        'service-token-revoked',
        'public-link-minted',
        'public-link-revoked',
        'notice-set',
        'notice-cleared',
        'maintenance-on',
        'maintenance-off',
      ]),
    );
    expect(await runCommand(stopped.app, ['audit', 'verify'])).toMatch(/^The audit log is intact/);
  } finally {
    await stopped.close();
  }
});
