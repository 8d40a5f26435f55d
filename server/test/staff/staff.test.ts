import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { cookieHeader, json, makeApp, newApplicant, outboxFor, type TestApp } from '../helpers';
import { asStaff, auditRows, enrol, enrolToken, newStaff, staffSignIn, STAFF_PASSWORD, totpCode } from './helpers';
import { STAFF_MESSAGES, staffLockedNowMessage } from '../../../src/kernel/staff/messages';
import { registerStaffGate, type StaffRouteConfig } from '../../src/staff/plugin';
import { AppError } from '../../src/http/errors';
import { createGate } from '../../src/staff/audit/gate';
import { syncStaffRoles } from '../../src/staff/roles';
import { STAFF_ROLES } from '../../../src/kernel/staff/roles';

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await t.close();
});

describe('staff enrolment', () => {
  test('the mailed link sets a password and an authenticator, and shows ten recovery codes once', async () => {
    await t.app.staff.accounts.add({ email: 'Dean@College.edu', role: 'admin' }, { actor: 'cli' });
    const mail = outboxFor(t.config, 'dean@college.edu').at(-1)!;
    expect(mail).toContain('Subject: Your staff account for the admission application');
    const token = enrolToken(t, 'dean@college.edu');

    const start = await t.app.inject({ method: 'POST', url: '/staff/api/enrol/start', ...json({ token }) });
    expect(start.statusCode).toBe(200);
    const { email, role, secret, otpauthUri } = start.json();
    expect({ email, role }).toEqual({ email: 'dean@college.edu', role: 'admin' });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    // Reloading the page shows the same key (one already scanned keeps working).
    const again = await t.app.inject({ method: 'POST', url: '/staff/api/enrol/start', ...json({ token }) });
    expect(again.json().secret).toBe(secret);

    const body = { token, password: STAFF_PASSWORD, confirm_password: STAFF_PASSWORD };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/staff/api/enrol/finish',
      ...json({ ...body, code: '000000' === totpCode(secret) ? '111111' : '000000' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STAFF_MESSAGES.enrolCodeWrong);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/staff/api/enrol/finish',
      ...json({ ...body, password: 'short', confirm_password: 'short', code: totpCode(secret) }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^Your password must meet every requirement/);

    const done = await t.app.inject({
      method: 'POST',
      url: '/staff/api/enrol/finish',
      ...json({ ...body, code: totpCode(secret) }),
    });
    expect(done.statusCode).toBe(200);
    const { recoveryCodes } = done.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const cookie = done.cookies.find((c) => c.name === 'staff_sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(done)) });
    expect(me.json()).toEqual({ email: 'dean@college.edu', role: 'admin', via: 'password' });
    expect(me.headers['cache-control']).toBe('no-store');

    // Stored hashed: neither the codes nor the password are in the database as typed.
    const { rows } = await t.app.db.query<{ code_hash: string }>('SELECT code_hash FROM staff_recovery_codes');
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    // The link works once.
    const reuse = await t.app.inject({ method: 'POST', url: '/staff/api/enrol/start', ...json({ token }) });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(STAFF_MESSAGES.enrolLinkBad);
  });

  test('an expired link is refused', async () => {
    await t.app.staff.accounts.add({ email: 'late@college.edu', role: 'reader' }, { actor: 'cli' });
    await t.app.db.query(`UPDATE staff_accounts SET enrol_expires_at = now() - interval '1 second'`);
    const start = await t.app.inject({
      method: 'POST',
      url: '/staff/api/enrol/start',
      ...json({ token: enrolToken(t, 'late@college.edu') }),
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().message).toBe(STAFF_MESSAGES.enrolLinkBad);
  });
});

describe('staff sign-in', () => {
  test('asks for the password and a current code; a code works once', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...json({ email: admin.email, password: STAFF_PASSWORD, code: '' }),
    });
    expect(noCode.statusCode).toBe(400);

    // One code, sent twice: computing it again could cross into the next 30 s step and be a new, valid code.
    const code = totpCode(admin.secret, 1);
    const ok = await staffSignIn(t, admin, 1, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'dean@college.edu', role: 'admin', via: 'password' });
    // The same code again (replayed) is refused.
    const replay = await staffSignIn(t, admin, 1, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(STAFF_MESSAGES.badSignIn);

    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...json({ email: admin.email, password: 'Wrong-Password-1', code: totpCode(admin.secret) }),
    });
    expect(wrongPassword.json().message).toBe(STAFF_MESSAGES.badSignIn);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...json({ email: 'nobody@college.edu', password: STAFF_PASSWORD, code: '123456' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(STAFF_MESSAGES.badSignIn);

    const rows = await auditRows(t);
    expect(rows.filter((r) => r.action === 'sign-in').map((r) => r.actor)).toEqual(['dean@college.edu']);
    expect(rows.filter((r) => r.action === 'sign-in-failed').map((r) => [r.actor, r.detail])).toEqual([
      ['dean@college.edu', 'authenticator code already used'],
      ['dean@college.edu', 'wrong password'],
      ['nobody@college.edu', 'no such staff account'],
    ]);
  });

  test('a recovery code signs in once', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const withCode = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/staff/api/sign-in',
        ...json({ email: admin.email, password: STAFF_PASSWORD, code }),
      });
    const first = await withCode(admin.recoveryCodes[3].toUpperCase().replace('-', ' '));
    expect(first.statusCode).toBe(200);
    expect((await withCode(admin.recoveryCodes[3])).statusCode).toBe(400);
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: 'sign-in-failed', detail: 'wrong authenticator code' });
  });

  test('a wrong code five times locks the account, even with the right code after', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/staff/api/sign-in',
          ...json({
            email: admin.email,
            password: STAFF_PASSWORD,
            code: '999999' === totpCode(admin.secret, 1) ? '888888' : '999999',
          }),
        }),
      );
    }
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    // The fifth says it locks, and for how long.
    expect(answers[4].statusCode).toBe(429);
    expect(answers[4].json().message).toBe(staffLockedNowMessage(30_000));
    expect(answers[4].json().message).toBe(
      'Incorrect email address, password or authenticator code. After too many failed attempts, sign-in with this ' +
        'email address is locked for 30 seconds.',
    );
    const locked = await staffSignIn(t, admin);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed attempts. Please try again in 30 seconds.');
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: 'sign-in-failed', detail: 'locked' });
  });

  test('signing out ends the session', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const out = await t.app.inject({ method: 'POST', url: '/staff/api/sign-out', ...asStaff(admin.cookie, {}) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(admin.cookie) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(STAFF_MESSAGES.notSignedIn);
  });

  test('a cross-site sign-in is refused (CSRF), as for applicants', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: { email: 'a@college.edu', password: 'x', code: '1' },
    });
    expect(response.statusCode).toBe(403);
  });

  test('an idle session ends after 30 minutes', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    await t.app.db.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes'`);
    expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(admin.cookie) })).statusCode).toBe(
      401,
    );
  });

  test('a session ends 12 hours after sign-in, used or not', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    await t.app.db.query(`UPDATE staff_sessions SET created_at = now() - interval '12 hours 1 minute'`);
    expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(admin.cookie) })).statusCode).toBe(
      401,
    );
  });
});

describe('applicants and staff are apart', () => {
  test("an applicant's session means nothing on /staff/api, and a staff session nothing on /api", async () => {
    const applicant = await newApplicant(t, 'ann@example.com');
    const asApplicant = await t.app.inject({ method: 'GET', url: '/staff/api/me', headers: { cookie: applicant } });
    expect(asApplicant.statusCode).toBe(401);
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const asStaffOnApi = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: admin.cookie } });
    expect(asStaffOnApi.statusCode).toBe(401);
  });
});

describe('roles', () => {
  async function adminAndReader() {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    const added = await t.app.inject({
      method: 'POST',
      url: '/staff/api/accounts',
      ...asStaff(admin.cookie, { email: 'reader@college.edu', role: 'reader' }),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(STAFF_MESSAGES.staffAdded);
    const reader = await enrol(t, 'reader@college.edu');
    return { admin, reader };
  }

  test('a reader is refused an admin call with a 403 the audit log keeps', async () => {
    const { reader } = await adminAndReader();
    const refused = await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(reader.cookie) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_MESSAGES.forbidden);
    expect((await auditRows(t)).at(-1)).toMatchObject({
      actor: 'reader@college.edu',
      action: 'access-refused',
      target: 'GET /staff/api/accounts',
    });
    const audit = await t.app.inject({ method: 'GET', url: '/staff/api/audit', ...asStaff(reader.cookie) });
    expect(audit.statusCode).toBe(403);
  });

  test('an admin lists staff; a role change and a removal end the sessions at once', async () => {
    const { admin, reader } = await adminAndReader();
    const list = await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(admin.cookie) });
    expect(
      list
        .json()
        .accounts.map((a: { email: string; role: string; enrolled: boolean }) => [a.email, a.role, a.enrolled]),
    ).toEqual([
      ['dean@college.edu', 'admin', true],
      ['reader@college.edu', 'reader', true],
    ]);
    const readerId = list.json().accounts[1].id;

    const promote = await t.app.inject({
      method: 'PUT',
      url: `/staff/api/accounts/${readerId}/role`,
      ...asStaff(admin.cookie, { role: 'admin' }),
    });
    expect(promote.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(reader.cookie) })).statusCode).toBe(
      401,
    );
    const again = await staffSignIn(t, reader);
    expect(again.json().role).toBe('admin');
    const promoted = cookieHeader(again);
    expect((await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(promoted) })).statusCode).toBe(
      200,
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/staff/api/accounts/${readerId}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(promoted) })).statusCode).toBe(401);

    const actions = (await auditRows(t)).map((r) => [r.action, r.target]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['staff-added', 'reader@college.edu'],
        ['staff-role-changed', 'reader@college.edu'],
        ['staff-removed', 'reader@college.edu'],
      ]),
    );
  });

  test('the last admin can be neither removed nor demoted', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    await expect(t.app.staff.accounts.remove({ email: admin.email }, { actor: 'cli' })).rejects.toThrow(
      STAFF_MESSAGES.lastAdmin,
    );
    await expect(t.app.staff.accounts.setRole({ email: admin.email }, 'reader', { actor: 'cli' })).rejects.toThrow(
      STAFF_MESSAGES.lastAdmin,
    );
  });

  test('adding an email twice is refused', async () => {
    await t.app.staff.accounts.add({ email: 'dean@college.edu', role: 'admin' }, { actor: 'cli' });
    await expect(
      t.app.staff.accounts.add({ email: 'DEAN@college.edu', role: 'reader' }, { actor: 'cli' }),
    ).rejects.toThrow(STAFF_MESSAGES.staffExists);
  });

  test("staff_roles holds the roles module's names, and an account cannot hold any other", async () => {
    const names = async () =>
      (await t.app.db.query<{ name: string }>('SELECT name FROM staff_roles ORDER BY name')).rows.map((r) => r.name);
    expect(await names()).toEqual([...STAFF_ROLES].sort());
    await expect(
      t.app.db.query(`INSERT INTO staff_accounts (email, role) VALUES ('x@college.edu', 'owner')`),
    ).rejects.toThrow(/staff_accounts_role_fkey/);
    // A role the module no longer defines goes at the next boot, unless an account still holds it.
    await t.app.db.query(`INSERT INTO staff_roles (name) VALUES ('retired'), ('held')`);
    await t.app.db.query(`INSERT INTO staff_accounts (email, role) VALUES ('held@college.edu', 'held')`);
    const warned: unknown[] = [];
    await syncStaffRoles(t.app.db, { warn: (detail: unknown) => warned.push(detail) } as never);
    expect(await names()).toEqual([...STAFF_ROLES, 'held'].sort());
    expect(warned).toEqual([{ role: 'held' }]);
  });
});

describe('the staff gate', () => {
  test('a staff route that does not declare its permission and audit does not boot', async () => {
    const app = Fastify();
    const registered = app.register(async (scope) => {
      registerStaffGate(scope, {
        gate: createGate(t.app.db),
        config: t.config.staff,
      });
      scope.get('/forgot', async () => 'x');
    });
    await expect(registered).rejects.toThrow('Staff route GET /forgot must declare config.staff { permission, audit }');
  });

  test('a staff route that answers 2xx without writing the audit action it declares answers 500', async () => {
    const app = Fastify();
    await app.register(cookie);
    const gate = createGate(t.app.db);
    const by = { actor: 'gate-test' };
    await app.register(async (scope) => {
      registerStaffGate(scope, { gate, config: t.config.staff });
      const staff = (audit: StaffRouteConfig['audit']) => ({
        config: { staff: { permission: 'anyone', audit } satisfies StaffRouteConfig },
      });
      // Declares export, writes nothing: the answer is never sent.
      scope.get('/forgets', staff('export'), async () => ({ rows: 'secret' }));
      // Writes another action than the one declared.
      scope.get('/writes-another', staff('export'), async () =>
        gate.audited({ ...by, action: 'search' }, async () => 'read'),
      );
      // Writes it deep in a service, after other awaits, from a POST with a body; in a change's transaction too.
      scope.post('/writes-it', staff('staff-added'), async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return gate.changed({ ...by, action: 'staff-added', target: String(request.body) }, async () => 'added');
      });
      // Sends the reply itself (as the document routes do), after writing.
      scope.get('/sends-itself', staff('document-opened'), async (_request, reply) => {
        await gate.log.append({ ...by, action: 'document-opened' });
        return reply.type('application/pdf').send(Buffer.from('%PDF'));
      });
      // A refusal writes nothing and is held to nothing; nor is a route that declares 'none'.
      scope.get('/refuses', staff('export'), async () => {
        throw new AppError(400, 'no');
      });
      scope.get('/none', staff('none'), async () => 'ok');
    });
    const call = (method: 'GET' | 'POST', url: string) =>
      app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: 'x', headers: { 'content-type': 'text/plain' } } : {}),
      });
    const forgets = await call('GET', '/forgets');
    expect(forgets.statusCode).toBe(500);
    expect(forgets.json().message).toBe('Staff route GET /forgets answered without writing export');
    expect(forgets.body).not.toContain('secret');
    const another = await call('GET', '/writes-another');
    expect(another.statusCode).toBe(500);
    expect(another.json().message).toBe('Staff route GET /writes-another answered without writing export');
    expect((await call('POST', '/writes-it')).body).toBe('added');
    expect((await call('GET', '/sends-itself')).statusCode).toBe(200);
    expect((await call('GET', '/refuses')).statusCode).toBe(400);
    expect((await call('GET', '/none')).statusCode).toBe(200);
    await app.close();
  });

  test("staff bookkeeping cannot read applicants' tables", async () => {
    const gate = createGate(t.app.db);
    await expect(gate.own.query('SELECT * FROM applications')).rejects.toThrow(/staff_ tables only/);
    await expect(gate.own.query('SELECT a.email FROM staff_accounts a JOIN users u ON true')).rejects.toThrow(
      /staff_ tables only, not users/,
    );
  });
});

describe('the audit log in the console', () => {
  test('admins page through it newest first, filter it, and download it as CSV with formulas disarmed', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    // A failed sign-in whose "email" a spreadsheet would run as a formula.
    await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...json({ email: '=HYPERLINK("http://evil.example")', password: 'x', code: '1' }),
    });
    for (let i = 0; i < 3; i++) {
      await t.app.staff.audit.append({ actor: 'cli', action: 'applicants-listed', detail: `run ${i}` });
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/staff/api/audit?action=applicants-listed',
      ...asStaff(admin.cookie),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().rows.map((r: { detail: string }) => r.detail)).toEqual(['run 2', 'run 1', 'run 0']);
    expect(page.json().next).toBeNull();

    const all = await auditRows(t);
    const first = await t.app.inject({ method: 'GET', url: '/staff/api/audit', ...asStaff(admin.cookie) });
    // The read itself is the newest row: it was written before the page was read.
    expect(first.json().rows[0]).toMatchObject({ actor: 'dean@college.edu', action: 'audit-read' });
    expect(first.json().rows).toHaveLength(all.length + 1);

    const byActor = await t.app.inject({
      method: 'GET',
      url: `/staff/api/audit?actor=DEAN@college.edu&from=2000-01-01&to=${new Date().toISOString().slice(0, 10)}`,
      ...asStaff(admin.cookie),
    });
    expect(new Set(byActor.json().rows.map((r: { actor: string }) => r.actor))).toEqual(new Set(['dean@college.edu']));
    const badDate = await t.app.inject({
      method: 'GET',
      url: '/staff/api/audit?from=yesterday',
      ...asStaff(admin.cookie),
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Enter dates as YYYY-MM-DD.');

    const csv = await t.app.inject({ method: 'GET', url: '/staff/api/audit.csv', ...asStaff(admin.cookie) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('id,at,actor,action,target,detail,ip,user_agent');
    expect(lines[1]).toMatch(/,dean@college\.edu,audit-downloaded,/);
    expect(csv.body).toContain(`"'=hyperlink(""http://evil.example"")",sign-in-failed,`);
  });

  test('pages by key: next gives the rows after the last one shown', async () => {
    const admin = await newStaff(t, 'dean@college.edu', 'admin');
    for (let i = 0; i < 60; i++) await t.app.staff.audit.append({ actor: 'cli', action: 'search', detail: `q${i}` });
    const one = await t.app.inject({ method: 'GET', url: '/staff/api/audit?action=search', ...asStaff(admin.cookie) });
    expect(one.json().rows).toHaveLength(50);
    expect(one.json().rows[0].detail).toBe('q59');
    const two = await t.app.inject({
      method: 'GET',
      url: `/staff/api/audit?action=search&before=${one.json().next}`,
      ...asStaff(admin.cookie),
    });
    expect(two.json().rows.map((r: { detail: string }) => r.detail)).toEqual(
      Array.from({ length: 10 }, (_, i) => `q${9 - i}`),
    );
    expect(two.json().next).toBeNull();
    expect(await t.app.staff.verifyAudit()).toEqual({ ok: true, rows: expect.any(Number) });
  });
});
