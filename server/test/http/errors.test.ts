import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { SHELL_START_SCRIPT } from '../../../src/kernel/shells';
import { json, latestCode, makeApp, PASSWORD, settled, type TestApp } from '../helpers';

describe('the error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
    t.app.get('/api-test/boom', async () => {
      throw new Error('connection string postgres://admin:hunter2@db');
    });
  });
  afterAll(() => t.close());

  it('answers an unexpected failure with 500 and a generic message, never internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'InternalError',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found.');
  });

  it('answers a wrong type with 400 (no silent coercion)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/login',
      ...json({ username: 123, password: true }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request: username must be string/);
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lookup/find?category=hs_ceeb&text=x' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Scripts from this origin, and one inline script: the shell's start script (src/kernel/shells.ts), by hash.
    const startScriptHash = crypto.createHash('sha256').update(SHELL_START_SCRIPT).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${startScriptHash}';`);
  });

  it.each([
    ['an API error', 'GET', '/api/profile', 401],
    ['a route that does not exist', 'GET', '/api/nothing-here', 404],
    ['a refused body', 'POST', '/public/login', 400],
  ] as const)('sets the same security headers on %s', async (_, method, url, status) => {
    const res = await t.app.inject({ method, url, ...json({}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('logs', () => {
  it('hold request lines but no password, code, token or cookie', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await makeApp({ logLevel: 'info', logStream });
    try {
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, ...json(payload) });
      await post('/public/signup', { username: 'logs@example.com', password: PASSWORD });
      await settled(t);
      const code = latestCode(t.config, 'logs@example.com');
      await post('/public/confirm', { username: 'logs@example.com', code });
      const login = await post('/public/login', { username: 'logs@example.com', password: PASSWORD });
      const sid = login.cookies.find((c) => c.name === 'sid')!.value;
      await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `sid=${sid}` } });
      const { token } = await t.app.services.tokens.createPublicLink({ first_name: 'Secret' });
      await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` });

      const log = lines.join('');
      expect(log).toContain('"url":"/public/login"');
      expect(log).toContain('/public/tmp?token=***');
      expect(log).toContain('l***@example.com');
      for (const secret of [PASSWORD, code, sid, token, 'Secret', 'logs@example.com'])
        expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});

describe('per-IP rate limit on public routes', () => {
  it('answers 429 with a message past the limit, counted per route', async () => {
    const t = await makeApp({ publicRateLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/lookup/find?category=hs_ceeb&text=a' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const logins = [];
      for (let i = 0; i < 4; i += 1) {
        logins.push(
          await t.app.inject({ method: 'POST', url: '/public/login', ...json({ username: 'a@b.co', password: 'x' }) }),
        );
      }
      expect(logins.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
      // The time left in the one-minute window: "1 minute" when the four calls took under a second, else seconds.
      expect(logins[3].json().message).toMatch(
        /^Too many requests\. Please wait (1 minute|[1-5]?\d seconds) and try again\.$/,
      );
    } finally {
      await t.close();
    }
  });
});
