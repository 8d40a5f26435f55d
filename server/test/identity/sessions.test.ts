import { cookieHeader, latestResetLink, logIn, makeApp, newApplicant, settled, type TestApp } from '../helpers';

/**
 * Sessions on one server, each one used once before the step under test, so that on the embedded database it sits
 * in the session cache: a revoke must still take effect at once, and the expiry rules must still apply.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const profileStatus = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode;

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

it('refuses a used session right after its logout, and only that session', async () => {
  const first = await newApplicant(t, 'twice@example.com');
  const second = cookieHeader(await logIn(t, 'twice@example.com'));
  expect(await profileStatus(t, first)).toBe(200);
  expect(await profileStatus(t, second)).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: first } })).statusCode).toBe(200);
  expect(await profileStatus(t, first)).toBe(401);
  expect(await profileStatus(t, second)).toBe(200);
});

it('refuses every used session of the account right after a password reset', async () => {
  const laptop = await newApplicant(t, 'forgot@example.com');
  const phone = cookieHeader(await logIn(t, 'forgot@example.com'));
  const someoneElse = await newApplicant(t, 'bystander@example.com');
  for (const cookie of [laptop, phone, someoneElse]) expect(await profileStatus(t, cookie)).toBe(200);

  await post('/public/forgot-password', { username: 'forgot@example.com' });
  await settled(t);
  const id = latestResetLink(t.config, 'forgot@example.com').searchParams.get('id')!;
  const password = 'Another-Secret-2025';
  const reset = await post('/public/reset-password', {
    username: 'forgot@example.com',
    password,
    confirm_password: password,
    id,
  });
  expect(reset.statusCode).toBe(200);
  expect(await profileStatus(t, laptop)).toBe(401);
  expect(await profileStatus(t, phone)).toBe(401);
  expect(await profileStatus(t, someoneElse)).toBe(200);
});

it('on the embedded database only, a session is read from memory after its first use', async () => {
  // A revoke written behind the server's back (not through identity/sessions.ts) shows which store answered.
  const cookie = await newApplicant(t, 'cached@example.com');
  expect(await profileStatus(t, cookie)).toBe(200);
  await t.app.db.query(
    `UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE username = 'cached@example.com')`,
  );
  expect(await profileStatus(t, cookie)).toBe(t.app.db.kind === 'pglite' ? 200 : 401);
});

describe('expiry of a used session', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends after the idle time', async () => {
    const short = await makeApp({ sessionIdleMs: 1500 });
    try {
      const cookie = await newApplicant(short, 'idle@example.com');
      expect(await profileStatus(short, cookie)).toBe(200);
      await wait(1700);
      expect(await profileStatus(short, cookie)).toBe(401);
      // Revoked in the table too, not only refused.
      const { rows } = await short.app.db.query<{ revoked: boolean }>(
        `SELECT revoked_at IS NOT NULL AS revoked FROM sessions
          WHERE user_id = (SELECT id FROM users WHERE username = 'idle@example.com')`,
      );
      expect(rows).toEqual([{ revoked: true }]);
    } finally {
      await short.close();
    }
  });

  it('ends after the absolute time, however active', async () => {
    const short = await makeApp({ sessionAbsoluteMs: 3000 });
    try {
      const cookie = await newApplicant(short, 'busy@example.com');
      const loggedInAt = Date.now();
      while (Date.now() - loggedInAt < 2000) {
        expect(await profileStatus(short, cookie)).toBe(200);
        await wait(200);
      }
      await wait(Math.max(0, 3200 - (Date.now() - loggedInAt)));
      expect(await profileStatus(short, cookie)).toBe(401);
    } finally {
      await short.close();
    }
  });
});
