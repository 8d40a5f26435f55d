import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { TOTP_KEY_FILE } from '../../src/staff/accounts/totpKey';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import { json, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff, STAFF_PASSWORD, totpCode } from './helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * The staff console on two instances of one real PostgreSQL database: sessions, role changes, lockouts and the audit
 * log's one chain hold across them, and the database itself refuses to change the log.
 */
let a: TestApp;
let b: TestApp;
let instances: TestApp[];

beforeAll(async () => {
  instances = await startInstances(2);
  [a, b] = instances;
});
afterAll(() => stopInstances(instances));

it('a staff session works on either instance, and a role change on one ends it on both', async () => {
  const admin = await newStaff(a, 'dean@college.edu', 'admin');
  const reader = await newStaff(a, 'reader@college.edu', 'reader');
  expect((await b.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(reader.cookie) })).statusCode).toBe(200);
  const list = await b.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(admin.cookie) });
  const readerId = list.json().accounts.find((x: { email: string }) => x.email === 'reader@college.edu').id;
  const changed = await b.app.inject({
    method: 'PUT',
    url: `/staff/api/accounts/${readerId}/role`,
    ...asStaff(admin.cookie, { role: 'admin' }),
  });
  expect(changed.statusCode).toBe(200);
  expect((await a.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(reader.cookie) })).statusCode).toBe(401);
});

it('wrong codes sent in parallel over both instances lock the account after five, as in a row', async () => {
  const staff = await newStaff(a, 'target@college.edu', 'reader');
  const wrong = totpCode(staff.secret, 1) === '000000' ? '111111' : '000000';
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/staff/api/sign-in',
        ...json({ email: staff.email, password: STAFF_PASSWORD, code: wrong }),
      }),
    ),
  );
  expect(answers.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
  const right = await b.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    ...json({ email: staff.email, password: STAFF_PASSWORD, code: totpCode(staff.secret, 1) }),
  });
  expect(right.statusCode).toBe(429);
});

it('an unknown email tried in parallel over both instances locks after five, with the same answers', async () => {
  const staff = await newStaff(a, 'real@college.edu', 'reader');
  const tryBoth = (email: string) =>
    Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/staff/api/sign-in',
          ...json({ email, password: 'Wrong-Password-2024!', code: '123456' }),
        }),
      ),
    );
  for (const email of [staff.email, 'nobody@college.edu']) {
    const answers = await tryBoth(email);
    // Four refused as wrong, the fifth (whichever instance) saying it locks, the rest refused as locked.
    expect(answers.filter((r) => r.statusCode === 400).map((r) => r.json().message)).toEqual(
      Array.from({ length: 4 }, () => STAFF_MESSAGES.badSignIn),
    );
    expect(answers.filter((r) => /is locked for 30 seconds\.$/.test(r.json().message))).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(8);
  }
});

it('authenticator secrets are sealed on PostgreSQL too; clear ones are sealed once by instances starting at once', async () => {
  const staff = await newStaff(a, 'sealed@college.edu', 'admin');
  const rowOf = async () =>
    (
      await a.app.db.query<{ totp_secret: string }>('SELECT totp_secret FROM staff_accounts WHERE email = $1', [
        staff.email,
      ])
    ).rows[0].totp_secret;
  expect(await rowOf()).toMatch(/^v1:/);
  // Both instances use the one key the first start made in their DATA_DIR, not in the database.
  expect(fs.statSync(path.join(a.config.dataDir, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600);

  // As a version before encryption stored it; then a rolling deploy starts two instances at once.
  await a.app.db.query('UPDATE staff_accounts SET totp_secret = $1 WHERE email = $2', [staff.secret, staff.email]);
  const started: FastifyInstance[] = await Promise.all([buildApp(a.config), buildApp(a.config)]);
  try {
    const sealed = await rowOf();
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(staff.secret);
    const signIn = (app: FastifyInstance, code: string) =>
      app.inject({
        method: 'POST',
        url: '/staff/api/sign-in',
        ...json({ email: staff.email, password: STAFF_PASSWORD, code }),
      });
    expect((await signIn(started[0], totpCode(staff.secret, 1))).statusCode).toBe(200);
    // The other opens it too (a sign-in opens the key before it looks at a recovery code).
    expect((await signIn(started[1], staff.recoveryCodes[0])).statusCode).toBe(200);
  } finally {
    for (const app of started) await app.close();
  }
});

it('both instances append to one audit chain, which verifies; PostgreSQL refuses to change it', async () => {
  await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? a : b).app.staff.audit.append({ actor: 'cli', action: 'search', detail: `parallel ${i}` }),
    ),
  );
  expect(await b.app.staff.verifyAudit()).toEqual({ ok: true, rows: (await auditRows(a)).length });
  await expect(a.app.db.query(`UPDATE audit_log SET actor = 'x'`)).rejects.toThrow(/append-only/);
  await expect(a.app.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  await expect(a.app.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
});
