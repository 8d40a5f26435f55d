import { IDENTITY_MESSAGES, LIMITS } from '../../src/identity/service';
import { LOGIN_BACKOFF } from '../../src/identity/loginBackoff';
import { MESSAGES } from '../../../src/kernel/auth/rules';
import {
  confirm,
  cookieHeader,
  json,
  latestCode,
  latestResetLink,
  logIn,
  makeApp,
  newApplicant,
  outboxFor,
  PASSWORD,
  settled,
  signUp,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

/** A public call, then the mail it sends after answering. */
async function post(url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, ...json(payload) });
  await settled(t);
  return res;
}

describe('sign-up', () => {
  it('creates an account, mails a 6-digit code and stores only a hash of the password', async () => {
    const res = await signUp(t, 'Ada@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: IDENTITY_MESSAGES.signedUp });
    expect(latestCode(t.config, 'ada@example.com')).toMatch(/^\d{6}$/);
    const { rows } = await t.app.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'ada@example.com'",
    );
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
  });

  // A confirmed account signed up for again: enumeration.test.ts.
  it('signing up again for an account waiting for confirmation mails a new code; the first password stays', async () => {
    await signUp(t, 'twice@example.com');
    const first = latestCode(t.config, 'twice@example.com');
    const again = await signUp(t, 'TWICE@example.com', 'Another-Maple-2024!');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: IDENTITY_MESSAGES.signedUp });
    const mails = outboxFor(t.config, 'twice@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('already had an account waiting for confirmation');
    expect(mails[1]).toContain(`${t.config.publicUrl}/forgot`);
    const second = latestCode(t.config, 'twice@example.com');
    if (first !== second) {
      expect((await confirm(t, 'twice@example.com', first)).json().message).toBe(IDENTITY_MESSAGES.codeWrong);
    }
    expect((await confirm(t, 'twice@example.com', second)).statusCode).toBe(200);
    expect((await logIn(t, 'twice@example.com', 'Another-Maple-2024!')).statusCode).toBe(400);
    expect((await logIn(t, 'twice@example.com')).statusCode).toBe(200);
  });

  it(`sign-ups of an unconfirmed account count as resends (${LIMITS.resendsPerHour} codes an hour)`, async () => {
    await signUp(t, 'again@example.com');
    for (let i = 0; i < LIMITS.resendsPerHour + 2; i += 1) {
      const res = await signUp(t, 'again@example.com');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: IDENTITY_MESSAGES.signedUp });
    }
    expect(outboxFor(t.config, 'again@example.com')).toHaveLength(1 + LIMITS.resendsPerHour);
  });

  it.each([
    ['not-an-email', PASSWORD, MESSAGES.emailInvalid],
    ['short@example.com', 'Sh0rt!', 'is at least 12 characters'],
    ['upper@example.com', 'no-uppercase-1234', 'contains at least one uppercase letter'],
    ['lower@example.com', 'NO-LOWERCASE-1234', 'contains at least one lowercase letter'],
    ['number@example.com', 'No-Numbers-Here!', 'contains at least one number'],
    ['special@example.com', 'NoSpecials12345', 'contains at least one special character'],
    ['space@example.com', ' Leading-Space-12', 'contains no leading or trailing whitespace'],
    ['common@example.com', 'Password1234!', 'too common'],
  ])('refuses %s / %s', async (username, password, expected) => {
    const res = await signUp(t, username, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(expected);
  });
});

describe('confirmation codes', () => {
  it('confirms once; the code is single use', async () => {
    await signUp(t, 'once@example.com');
    const code = latestCode(t.config, 'once@example.com');
    expect((await confirm(t, 'once@example.com', code)).json()).toEqual({ message: IDENTITY_MESSAGES.confirmed });
    const again = await confirm(t, 'once@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(IDENTITY_MESSAGES.alreadyConfirmed);
  });

  it('refuses a wrong code and an expired one', async () => {
    await signUp(t, 'expiry@example.com');
    const code = latestCode(t.config, 'expiry@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(t, 'expiry@example.com', wrong)).json().message).toBe(IDENTITY_MESSAGES.codeWrong);
    await t.app.db.query(
      `UPDATE one_time_codes SET expires_at = now() - interval '1 minute'
        WHERE user_id = (SELECT id FROM users WHERE username = 'expiry@example.com')`,
    );
    const res = await confirm(t, 'expiry@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IDENTITY_MESSAGES.codeExpired);
  });

  it('a resent code replaces the old one', async () => {
    await signUp(t, 'resend@example.com');
    const first = latestCode(t.config, 'resend@example.com');
    expect((await post('/public/resend-confirm', { username: 'resend@example.com' })).statusCode).toBe(200);
    const second = latestCode(t.config, 'resend@example.com');
    expect(outboxFor(t.config, 'resend@example.com')).toHaveLength(2);
    if (first !== second) {
      expect((await confirm(t, 'resend@example.com', first)).json().message).toBe(IDENTITY_MESSAGES.codeWrong);
    }
    expect((await confirm(t, 'resend@example.com', second)).statusCode).toBe(200);
  });

  it(`allows ${LIMITS.confirmAttemptsPerHour} attempts an hour, then 429 even with the right code`, async () => {
    await signUp(t, 'guesser@example.com');
    const code = latestCode(t.config, 'guesser@example.com');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < LIMITS.confirmAttemptsPerHour; i += 1) {
      expect((await confirm(t, 'guesser@example.com', wrong)).statusCode).toBe(400);
    }
    expect((await confirm(t, 'guesser@example.com', code)).statusCode).toBe(429);
  });

  it(`resends at most ${LIMITS.resendsPerHour} codes an hour, answering the same past it and to unknown emails`, async () => {
    await signUp(t, 'spam@example.com');
    for (let i = 0; i < LIMITS.resendsPerHour + 2; i += 1) {
      const res = await post('/public/resend-confirm', { username: 'spam@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: IDENTITY_MESSAGES.resent });
    }
    expect(outboxFor(t.config, 'spam@example.com')).toHaveLength(1 + LIMITS.resendsPerHour);
    const unknown = await post('/public/resend-confirm', { username: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: IDENTITY_MESSAGES.resent });
    expect(outboxFor(t.config, 'nobody@example.com')).toHaveLength(0);
  });

  it('resend needs a valid email (SPEC message)', async () => {
    const res = await post('/public/resend-confirm', { username: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.resendEmailInvalid);
  });
});

describe('login', () => {
  it('tells an unconfirmed account apart, but only to someone with the password', async () => {
    await signUp(t, 'pending@example.com');
    const right = await logIn(t, 'pending@example.com');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'UserNotConfirmedException', message: IDENTITY_MESSAGES.notConfirmed });
    const wrong = await logIn(t, 'pending@example.com', 'Wrong-Password-99');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(IDENTITY_MESSAGES.badCredentials);
  });

  it('gives the same generic message for an unknown user and a wrong password', async () => {
    await newApplicant(t, 'generic@example.com');
    const unknown = await logIn(t, 'ghost@example.com');
    const wrong = await logIn(t, 'generic@example.com', 'Wrong-Password-99');
    expect(unknown.json().message).toBe(IDENTITY_MESSAGES.badCredentials);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.statusCode).toBe(unknown.statusCode);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and a readable marker, new at every login', async () => {
    const first = await newApplicant(t, 'cookies@example.com');
    const again = await logIn(t, 'cookies@example.com');
    const sid = again.cookies.find((c) => c.name === 'sid')!;
    const marker = again.cookies.find((c) => c.name === 'logged_in')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    expect(marker.httpOnly).toBeFalsy();
    expect(cookieHeader(again)).not.toBe(first);
  });

  it("writes the login count into the marker (the welcome banner's first screen)", async () => {
    await newApplicant(t, 'count@example.com');
    const second = await logIn(t, 'count@example.com');
    expect(second.cookies.find((c) => c.name === 'logged_in')!.value).toBe('2');
    const third = await logIn(t, 'count@example.com');
    expect(third.cookies.find((c) => c.name === 'logged_in')!.value).toBe('3');
  });

  it('marks the session cookie Secure when served over https', async () => {
    await newApplicant(t, 'https@example.com');
    const https = t.app;
    const res = await https.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: { username: 'https@example.com', password: PASSWORD },
    });
    // Without TRUST_PROXY the forwarded header is ignored: plain http stays non-Secure.
    expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBeFalsy();
    const trusting = await makeApp({ trustProxy: true });
    try {
      await newApplicant(trusting, 'https2@example.com');
      const secure = await trusting.app.inject({
        method: 'POST',
        url: '/public/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', host: 'apply.example.edu' },
        payload: { username: 'https2@example.com', password: PASSWORD },
      });
      expect(secure.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
    } finally {
      await trusting.close();
    }
  });

  it(`backs off after ${LOGIN_BACKOFF.failuresBeforeBackoff} failures, even for the right password, then lets in`, async () => {
    await newApplicant(t, 'locked@example.com');
    for (let i = 0; i < LOGIN_BACKOFF.failuresBeforeBackoff; i += 1) {
      expect((await logIn(t, 'locked@example.com', 'Wrong-Password-99')).statusCode).toBe(400);
    }
    const blocked = await logIn(t, 'locked@example.com');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed attempts/);
    const { rows } = await t.app.db.query<{ locked_until: Date }>(
      "SELECT locked_until FROM users WHERE username = 'locked@example.com'",
    );
    const lockMs = new Date(rows[0].locked_until).getTime() - Date.now();
    expect(lockMs).toBeGreaterThan(0);
    expect(lockMs).toBeLessThanOrEqual(LOGIN_BACKOFF.baseMs);
    await t.app.db.query(
      "UPDATE users SET locked_until = now() - interval '1 second' WHERE username = 'locked@example.com'",
    );
    expect((await logIn(t, 'locked@example.com')).statusCode).toBe(200);
  });

  it('doubles the back-off with each further failure, up to 15 minutes', async () => {
    await newApplicant(t, 'backoff@example.com');
    const lockAfterFailures = async (failures: number) => {
      await t.app.db.query(
        "UPDATE users SET failed_logins = $1, locked_until = NULL WHERE username = 'backoff@example.com'",
        [failures - 1],
      );
      await logIn(t, 'backoff@example.com', 'Wrong-Password-99');
      const { rows } = await t.app.db.query<{ locked_until: Date }>(
        "SELECT locked_until FROM users WHERE username = 'backoff@example.com'",
      );
      return Math.round((new Date(rows[0].locked_until).getTime() - Date.now()) / 1000);
    };
    expect(await lockAfterFailures(6)).toBeCloseTo(60, -1);
    expect(await lockAfterFailures(7)).toBeCloseTo(120, -1);
    expect(await lockAfterFailures(30)).toBeCloseTo(900, -1);
  });
});

describe('logout and sessions', () => {
  it('revokes the session on the server', async () => {
    const cookie = await newApplicant(t, 'logout@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')!.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends a session idle for more than 30 minutes, and any session older than 12 hours', async () => {
    const idle = await newApplicant(t, 'idle@example.com');
    await t.app.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = (SELECT id FROM users WHERE username = 'idle@example.com')",
    );
    const idleRes = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: idle } });
    expect(idleRes.statusCode).toBe(401);
    expect(idleRes.cookies.find((c) => c.name === 'logged_in')!.value).toBe('');

    const old = await newApplicant(t, 'old@example.com');
    await t.app.db.query(
      "UPDATE sessions SET created_at = now() - interval '13 hours' WHERE user_id = (SELECT id FROM users WHERE username = 'old@example.com')",
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: old } })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    await newApplicant(t, 'forgetful@example.com');
    const real = await post('/public/forgot-password', { username: 'forgetful@example.com' });
    const ghost = await post('/public/forgot-password', { username: 'ghost2@example.com' });
    expect(real.statusCode).toBe(200);
    expect(ghost.statusCode).toBe(200);
    expect(real.json()).toEqual(ghost.json());
    expect(outboxFor(t.config, 'ghost2@example.com')).toHaveLength(0);
    const link = latestResetLink(t.config, 'forgetful@example.com');
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('username')).toBe('forgetful@example.com');
    expect(link.searchParams.get('id')!.length).toBeGreaterThanOrEqual(32);
  });

  it(`mails at most ${LIMITS.forgotMailsPerHour} reset links an hour, answering the same past it`, async () => {
    await newApplicant(t, 'often@example.com');
    for (let i = 0; i < LIMITS.forgotMailsPerHour + 2; i += 1) {
      const res = await post('/public/forgot-password', { username: 'often@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: IDENTITY_MESSAGES.forgot });
    }
    expect(outboxFor(t.config, 'often@example.com').filter((m) => m.includes('/reset?'))).toHaveLength(
      LIMITS.forgotMailsPerHour,
    );
  });

  it('resets once with a valid id, revokes old sessions, and the old password stops working', async () => {
    const cookie = await newApplicant(t, 'reset@example.com');
    await post('/public/forgot-password', { username: 'reset@example.com' });
    const id = latestResetLink(t.config, 'reset@example.com').searchParams.get('id')!;
    const newPassword = 'Brand-New-Secret-77';
    const reset = (extra: object = {}) =>
      post('/public/reset-password', {
        username: 'reset@example.com',
        password: newPassword,
        confirm_password: newPassword,
        id,
        ...extra,
      });

    const mismatch = await reset({ confirm_password: 'Something-Else-77' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(IDENTITY_MESSAGES.passwordsDiffer);
    expect((await reset({ password: 'weak', confirm_password: 'weak' })).json().message).toContain(
      'is at least 12 characters',
    );
    expect((await reset({ id: 'forged-id' })).json().message).toBe(IDENTITY_MESSAGES.resetLinkBad);

    const ok = await reset();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: IDENTITY_MESSAGES.resetDone });
    expect((await reset()).json().message).toBe(IDENTITY_MESSAGES.resetLinkBad);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
    expect((await logIn(t, 'reset@example.com')).statusCode).toBe(400);
    expect((await logIn(t, 'reset@example.com', newPassword)).statusCode).toBe(200);
  });

  it('refuses a reset id older than one hour', async () => {
    await newApplicant(t, 'late@example.com');
    await post('/public/forgot-password', { username: 'late@example.com' });
    const id = latestResetLink(t.config, 'late@example.com').searchParams.get('id')!;
    await t.app.db.query(
      "UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'reset' AND user_id = (SELECT id FROM users WHERE username = 'late@example.com')",
    );
    const res = await post('/public/reset-password', {
      username: 'late@example.com',
      password: 'Brand-New-Secret-77',
      confirm_password: 'Brand-New-Secret-77',
      id,
    });
    expect(res.json().message).toBe(IDENTITY_MESSAGES.resetLinkBad);
  });
});
