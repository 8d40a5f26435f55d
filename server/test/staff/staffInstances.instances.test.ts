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
