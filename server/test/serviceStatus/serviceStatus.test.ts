import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_MESSAGE } from '../../../src/kernel/serviceStatus/messages';
import { MAINTENANCE_CODE } from '../../../src/kernel/serviceStatus/rules';
import { asUser, cookieHeader, logIn, makeApp, multipart, newApplicant, type TestApp } from '../helpers';
import { auditRows } from '../staff/helpers';

/**
 * The operator's notice and maintenance mode (server/src/serviceStatus/), set through the admin API as the CLI does
 * while the server runs: every applicant page reads them from GET /public/service-status; in maintenance every change
 * an applicant sends is refused with 503 and the kernel's message, and everything else goes on.
 */
const ADMIN = 'n'.repeat(40);
const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp({ adminApiToken: ADMIN });
  cookie = await newApplicant(t, 'held@example.com');
});
afterAll(() => t.close());

const status = () => t.app.inject({ method: 'GET', url: '/public/service-status' });
const setNotice = (text: unknown) =>
  t.app.inject({ method: 'POST', url: '/admin/notice', headers: admin, payload: { text } });
const clearNotice = () => t.app.inject({ method: 'POST', url: '/admin/notice/clear', headers: admin, payload: {} });
const setMaintenance = (on: boolean) =>
  t.app.inject({ method: 'POST', url: '/admin/maintenance', headers: admin, payload: { on } });

/** Every path of the route tree Fastify prints (`printRoutes({ method })`), its nesting joined. */
function routePaths(app: FastifyInstance, method: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ method, commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!match) continue;
    stack.length = match[1].length / 4;
    stack.push(match[2]);
    if (match[3]) paths.push(stack.join(''));
  }
  return paths;
}

describe('the notice', () => {
  it('is none at first, then what the operator set, one paragraph, then none again once cleared', async () => {
    const none = await status();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ notice: null, maintenance: false });
    // The same for everyone: browsers and shared caches may keep it a few seconds.
    expect(none.headers['cache-control']).toBe('public, max-age=5');

    const set = await setNotice('  Applications close at midnight tonight.\n  The help desk is open until 11 pm. ');
    expect(set.statusCode).toBe(200);
    const notice = 'Applications close at midnight tonight. The help desk is open until 11 pm.';
    expect(set.json()).toEqual({ notice, maintenance: false });
    expect((await status()).json()).toEqual({ notice, maintenance: false });

    expect((await clearNotice()).json()).toEqual({ notice: null, maintenance: false });
    expect((await status()).json()).toEqual({ notice: null, maintenance: false });
  });

  it('refuses an empty or too long notice, or one that is not text, with a message; the notice stays', async () => {
    await setNotice('Kept.');
    const refusals = [
      [' \n ', 'The notice has no text: give its words, or clear it.'],
      ['x'.repeat(501), 'The notice is 501 characters long; at most 500 fit on a phone.'],
      ['bell\u0007', 'The notice holds a character that cannot be shown (a control character or half of one).'],
      [42, 'Invalid request: text must be string.'],
    ] as const;
    for (const [text, message] of refusals) {
      const res = await setNotice(text);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await status()).json().notice).toBe('Kept.');
    await clearNotice();
  });

  it('is rate limited as the other public calls are', async () => {
    const limited = await makeApp({ publicRateLimit: 2 });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push((await limited.app.inject({ method: 'GET', url: '/public/service-status' })).statusCode);
      }
      expect(answers).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('is set only with the admin token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/notice',
      headers: { 'content-type': 'application/json' },
      payload: { text: 'Not mine to say.' },
    });
    expect(res.statusCode).toBe(401);
    expect((await status()).json().notice).toBeNull();
  });
});

describe('maintenance mode', () => {
  /** One of each kind of change an applicant sends: SPEC §7's calls, the upload, the school report's. */
  const changes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; multipart?: true }[] = [
    { method: 'PUT', url: '/api/answer', payload: { first_name: 'Held' } },
    { method: 'PUT', url: '/api/last-page', payload: { last_page: '/education' } },
    { method: 'POST', url: '/api/web-status', payload: { web_status: 'validating' } },
    { method: 'PUT', url: '/api/add-another', payload: { button_id: 'activity', num_components: 2 } },
    { method: 'PUT', url: '/api/tabs', payload: { tab_id: 'personal_statement', chosen_tab: 'upload' } },
    { method: 'POST', url: '/api/validations', payload: {} },
    { method: 'POST', url: '/api/submit', payload: {} },
    { method: 'POST', url: '/api/presigned-url', payload: { answer_key: 'personal_statement_doc' } },
    { method: 'POST', url: '/api/upload', multipart: true },
    {
      method: 'POST',
      url: '/api/pdf/document-answer/personal_statement_doc',
      payload: { file_key: 'uploads/1/personal_statement_doc/x', file_name: 'essay.pdf' },
    },
    { method: 'DELETE', url: '/api/pdf/document-answer/personal_statement_doc' },
    { method: 'DELETE', url: '/api/document-answer/personal_statement_doc' },
    { method: 'POST', url: '/api/school-report/request', payload: {} },
    { method: 'POST', url: '/api/school-report/reminder', payload: {} },
    {
      method: 'PUT',
      url: '/api/school-report/counselor',
      payload: { first_name: 'Cal', last_name: 'Lee', email: 'cal@school.example' },
    },
    { method: 'DELETE', url: '/api/school-report' },
    { method: 'POST', url: '/api/school-report/waiver/revoke', payload: {} },
    { method: 'POST', url: '/public/signup', payload: { username: 'new@example.com', password: 'Maple-Syrup-2024!' } },
    { method: 'POST', url: '/public/confirm', payload: { username: 'new@example.com', code: '123456' } },
    { method: 'POST', url: '/public/resend-confirm', payload: { username: 'new@example.com' } },
    { method: 'POST', url: '/public/forgot-password', payload: { username: 'held@example.com' } },
    {
      method: 'POST',
      url: '/public/reset-password',
      payload: { username: 'held@example.com', password: 'P', confirm_password: 'P', id: 'x' },
    },
  ];
  const send = ({ method, url, payload, multipart: isMultipart }: (typeof changes)[number]) => {
    const body = isMultipart ? multipart({ key: 'x' }, { name: 'a.pdf', bytes: Buffer.from('%PDF-1.4') }) : null;
    return t.app.inject({
      method,
      url,
      headers: { cookie, ...(body ? body.headers : { 'content-type': 'application/json' }) },
      ...(body ? { payload: body.payload } : payload ? { payload } : {}),
    });
  };

  afterEach(() => setMaintenance(false));

  it('covers every change of the applicants’ API: each route but log in is one of the changes above', () => {
    const sent = new Set(changes.map((c) => `${c.method} ${c.url.replace('personal_statement_doc', ':key')}`));
    const routes = ['POST', 'PUT', 'DELETE', 'PATCH'].flatMap((method) =>
      routePaths(t.app, method)
        .filter((path) => path.startsWith('/api/') || path.startsWith('/public/'))
        .map((path) => `${method} ${path}`),
    );
    expect(routes.filter((route) => !sent.has(route))).toEqual(['POST /public/login']);
  });

  it('refuses each kind of change with 503, the message and its code, and changes nothing', async () => {
    expect((await setMaintenance(true)).json()).toEqual({ notice: null, maintenance: true });
    for (const change of changes) {
      const res = await send(change);
      expect({ change: `${change.method} ${change.url}`, status: res.statusCode, body: res.json() }).toEqual({
        change: `${change.method} ${change.url}`,
        status: 503,
        body: { message: MAINTENANCE_MESSAGE, code: MAINTENANCE_CODE },
      });
      // The page tries again after this (the SPA's outbox: MAINTENANCE_RETRY_MS), not at once.
      expect(res.headers['retry-after']).toBe('60');
    }
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
    expect(profile.json().answer.first_name).toBeUndefined();
    expect(profile.json().last_page).toBeNull();
    // The refused sign-up made no account.
    const accounts = await t.app.db.query('SELECT 1 FROM users WHERE username = $1', ['new@example.com']);
    expect(accounts.rows).toEqual([]);
  });

  it('keeps reads, log in and log out, /readyz, the staff console and the counselors’ page working', async () => {
    await setMaintenance(true);
    for (const url of ['/api/profile', '/api/document-answer', '/api/tabs', '/api/add-another', '/api/school-report']) {
      expect({ url, status: (await t.app.inject({ method: 'GET', url, ...asUser(cookie) })).statusCode }).toEqual({
        url,
        status: 200,
      });
    }
    expect((await status()).json()).toEqual({ notice: null, maintenance: true });
    // The balancer keeps sending applicants here, where they read the message.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const login = await logIn(t, 'held@example.com');
    expect(login.statusCode).toBe(200);
    const second = cookieHeader(login);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(second) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/logout', ...asUser(second) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(second) })).statusCode).toBe(401);

    // Other audiences, their own scopes: answered as ever (here: refused for who they are, not for maintenance).
    const staff = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...asUser('', { email: 'nobody@college.edu', password: 'wrong-password' }),
    });
    expect(staff.statusCode).not.toBe(503);
    const counselor = await t.app.inject({ method: 'POST', url: '/counselor/api/submit', ...asUser('', {}) });
    expect(counselor.statusCode).not.toBe(503);
  });

  it('takes changes again once it is off', async () => {
    await setMaintenance(true);
    expect((await send(changes[0])).statusCode).toBe(503);
    expect((await setMaintenance(false)).json()).toEqual({ notice: null, maintenance: false });
    expect((await send(changes[0])).statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
    expect(profile.json().answer.first_name).toBe('Held');
  });

  it('refuses a bad switch with a message', async () => {
    for (const payload of [{}, { on: 'yes' }, { on: true, extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/admin/maintenance', headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: /);
    }
    expect((await status()).json().maintenance).toBe(false);
  });
});

it('audits each setting as the admin API, the notice’s words with it', async () => {
  const before = (await auditRows(t)).length;
  await setNotice('Deadline extended to Friday.');
  await clearNotice();
  await setMaintenance(true);
  await setMaintenance(false);
  const rows = (await auditRows(t))
    .slice(before)
    .filter((r) => r.action !== 'admin-api')
    .map((r) => [r.actor, r.action, r.target, r.detail]);
  expect(rows).toEqual([
    ['admin-api', 'notice-set', 'notice', 'Deadline extended to Friday.'],
    ['admin-api', 'notice-cleared', 'notice', ''],
    ['admin-api', 'maintenance-on', 'maintenance', ''],
    ['admin-api', 'maintenance-off', 'maintenance', ''],
  ]);
});
