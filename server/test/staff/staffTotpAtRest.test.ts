import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { dumpPglite } from '../../src/db/client';
import { json, makeApp, type TestApp } from '../helpers';
import { enrolToken, newStaff, STAFF_PASSWORD, totpCode } from './helpers';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';

/**
 * The staff's authenticator secrets are encrypted at rest (AES-256-GCM, staff/accounts/totpKey.ts): what the
 * database holds, a dump of it included, does not let anyone compute their codes.
 */
let t: TestApp;
/** Apps started again on t's database (closed before t, which drops a PostgreSQL schema). */
let restarted: FastifyInstance[] = [];
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  for (const app of restarted) await app.close();
  restarted = [];
  await t.close();
});

/** A log to read: the lines the server writes. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

/**
 * The server started again on the same database, as after a deploy (PGlite: from a dump of it; PostgreSQL: the same
 * schema), with other settings if given.
 */
async function restart(overrides: Partial<Config> = {}, from = t.app): Promise<FastifyInstance> {
  const memoryDb = from.db.kind === 'pglite' ? { loadDataDir: await dumpPglite(from.db) } : undefined;
  const app = await buildApp({ ...t.config, ...(memoryDb ? { memoryDb } : {}), ...overrides });
  restarted.push(app);
  return app;
}

const rowOf = async (app: FastifyInstance, email: string) =>
  (
    await app.db.query<{ totp_secret: string | null; pending_totp_secret: string | null; row: string }>(
      `SELECT totp_secret, pending_totp_secret, row_to_json(a)::text AS row FROM staff_accounts a WHERE email = $1`,
      [email],
    )
  ).rows[0];

const signIn = (app: FastifyInstance, email: string, code: string) =>
  app.inject({ method: 'POST', url: '/staff/api/sign-in', ...json({ email, password: STAFF_PASSWORD, code }) });

const SEALED = /^v1:[\w-]{16}:[\w-]+:[\w-]{22}$/;

test('after enrolment the database holds no secret in clear, and a code still signs in', async () => {
  // While enrolling: the key shown is kept sealed.
  await t.app.staff.accounts.add({ email: 'new@college.edu', role: 'reader' }, { actor: 'cli' });
  const start = await t.app.inject({
    method: 'POST',
    url: '/staff/api/enrol/start',
    ...json({ token: enrolToken(t, 'new@college.edu') }),
  });
  const pending = await rowOf(t.app, 'new@college.edu');
  expect(pending.pending_totp_secret).toMatch(SEALED);
  expect(pending.row).not.toContain(start.json().secret);

  const staff = await newStaff(t, 'dean@college.edu', 'admin');
  const row = await rowOf(t.app, staff.email);
  expect(row.totp_secret).toMatch(SEALED);
  expect(row.row).not.toContain(staff.secret);
  if (t.app.db.kind === 'pglite') {
    // The whole database's files, as a backup would hold them.
    const dump = Buffer.from(await (await dumpPglite(t.app.db)).arrayBuffer());
    expect(dump.includes(staff.secret)).toBe(false);
    expect(dump.includes(start.json().secret)).toBe(false);
  }
  expect((await signIn(t.app, staff.email, totpCode(staff.secret, 1))).statusCode).toBe(200);
});

test('a secret stored in clear before is encrypted at the next start, once, and still verifies', async () => {
  const staff = await newStaff(t, 'dean@college.edu', 'admin');
  await t.app.staff.accounts.add({ email: 'new@college.edu', role: 'reader' }, { actor: 'cli' });
  // As the server before encryption stored them.
  await t.app.db.query(`UPDATE staff_accounts SET totp_secret = $1 WHERE email = $2`, [staff.secret, staff.email]);
  await t.app.db.query(
    `UPDATE staff_accounts SET pending_totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' WHERE email = $1`,
    ['new@college.edu'],
  );

  const log = captureLog();
  const app = await restart({ logLevel: 'info', logStream: log.stream });
  const row = await rowOf(app, staff.email);
  expect(row.totp_secret).toMatch(SEALED);
  expect(row.row).not.toContain(staff.secret);
  expect((await rowOf(app, 'new@college.edu')).pending_totp_secret).toMatch(SEALED);
  expect(log.lines.join('')).toContain('"sealed":2');
  expect(log.lines.join('')).toContain('staff authenticator secrets encrypted at rest');
  expect((await signIn(app, staff.email, totpCode(staff.secret, 1))).statusCode).toBe(200);
  // The pending key, sealed, is still the one the enrolment page shows.
  const start = await app.inject({
    method: 'POST',
    url: '/staff/api/enrol/start',
    ...json({ token: enrolToken(t, 'new@college.edu') }),
  });
  expect(start.json().secret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

  // Started again (from this database): nothing left to seal, nothing sealed twice.
  const again = captureLog();
  const third = await restart({ logLevel: 'info', logStream: again.stream }, app);
  expect((await rowOf(third, staff.email)).totp_secret).toBe(row.totp_secret);
  expect(again.lines.join('')).not.toContain('encrypted at rest');
});

test('with another key the server starts, says so once in its log, and refuses sign-in as a wrong code', async () => {
  const staff = await newStaff(t, 'dean@college.edu', 'admin');
  await t.app.staff.accounts.add({ email: 'new@college.edu', role: 'reader' }, { actor: 'cli' });
  const before = await rowOf(t.app, staff.email);

  const log = captureLog();
  const app = await restart({
    logLevel: 'info',
    logStream: log.stream,
    staff: { ...t.config.staff, totpKey: crypto.randomBytes(32) },
  });
  const errors = log.lines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50);
  expect(errors).toHaveLength(1);
  expect(errors[0].msg).toMatch(
    /^The staff authenticator key \(STAFF_TOTP_KEY\) is not the key the staff authenticator secrets were encrypted with/,
  );
  expect(errors[0].err).toBeUndefined();
  // Nothing was changed, the server answers, and the sign-in fails as any other would.
  expect((await rowOf(app, staff.email)).totp_secret).toBe(before.totp_secret);
  expect((await app.inject({ method: 'GET', url: '/staff/api/config' })).statusCode).toBe(200);
  const refused = await signIn(app, staff.email, totpCode(staff.secret, 1));
  expect({ status: refused.statusCode, body: refused.json() }).toEqual({
    status: 400,
    body: { message: STAFF_MESSAGES.badSignIn, code: 'BadRequest' },
  });
  const enrolling = await app.inject({
    method: 'POST',
    url: '/staff/api/enrol/start',
    ...json({ token: enrolToken(t, 'new@college.edu') }),
  });
  expect(enrolling.statusCode).toBe(503);
  expect(enrolling.json().message).toBe(STAFF_MESSAGES.totpUnavailable);
});

test('STAFF_TOTP_KEY is 32 bytes, as hex or base64; anything else stops the start with what to set', () => {
  const key = crypto.randomBytes(32);
  expect(loadConfig({ STAFF_TOTP_KEY: key.toString('hex') }).staff.totpKey).toEqual(key);
  expect(loadConfig({ STAFF_TOTP_KEY: key.toString('base64') }).staff.totpKey).toEqual(key);
  expect(loadConfig({}).staff.totpKey).toBeUndefined();
  for (const bad of ['short', crypto.randomBytes(16).toString('hex'), crypto.randomBytes(31).toString('base64')]) {
    expect(() => loadConfig({ STAFF_TOTP_KEY: bad })).toThrow(
      'STAFF_TOTP_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
    );
  }
});
