import { json, makeApp, newApplicant, outboxFor, type TestApp } from '../helpers';
import { auditRows } from '../staff/helpers';

const ADMIN = 'a'.repeat(40);

describe('admin API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ adminApiToken: ADMIN });
    await newApplicant(t, 'staffed@example.com');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, token?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra,
      },
      payload: payload as object,
    });
  const get = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN}`, ...extra } });

  it('refuses without the admin token or with a wrong one', async () => {
    for (const token of [undefined, 'wrong', `${ADMIN}x`]) {
      const res = await post('/admin/service-tokens', { username: 'staffed@example.com' }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('A valid admin token is required.');
    }
  });

  it('creates a service token that opens the print view, and revokes it', async () => {
    const res = await post('/admin/service-tokens', { username: 'staffed@example.com', days: 1 }, ADMIN);
    expect(res.statusCode).toBe(201);
    const { token, url } = res.json();
    expect(url).toBe(`${t.config.publicUrl}/about?service_token=${token}`);
    expect((await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` })).statusCode).toBe(
      200,
    );
    expect((await post('/admin/revoke', { token }, ADMIN)).json()).toEqual({ revoked: true });
    expect((await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` })).statusCode).toBe(
      404,
    );
    expect((await post('/admin/service-tokens', { username: 'nobody@example.com' }, ADMIN)).statusCode).toBe(404);
    const long = await post('/admin/service-tokens', { username: 'staffed@example.com', days: 3651 }, ADMIN);
    expect(long.statusCode).toBe(400);
  });

  it('creates a public link from answers', async () => {
    const res = await post('/admin/public-links', { answer: { first_name: 'Linked', legal_agree: true } }, ADMIN);
    expect(res.statusCode).toBe(201);
    const { token } = res.json();
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).json()).toEqual({
      first_name: 'Linked',
      legal_agree: true,
    });
    expect((await post('/admin/public-links', { answer: { x: 5 } }, ADMIN)).statusCode).toBe(400);
  });

  it('audits every call, refused or not, and what it minted and revoked', async () => {
    const before = (await auditRows(t)).length;
    await post('/admin/service-tokens', { username: 'staffed@example.com' }, 'wrong');
    const minted = await post('/admin/service-tokens', { username: 'staffed@example.com' }, ADMIN);
    await post('/admin/revoke', { token: minted.json().token }, ADMIN);
    const rows = (await auditRows(t)).slice(before).map((r) => [r.actor, r.action, r.target]);
    expect(rows).toEqual([
      ['admin-api', 'access-refused', 'POST /admin/service-tokens'],
      ['admin-api', 'admin-api', 'POST /admin/service-tokens'],
      ['admin-api', 'service-token-minted', expect.stringMatching(/^applicant \d+$/)],
      ['admin-api', 'admin-api', 'POST /admin/revoke'],
      ['admin-api', 'service-token-revoked', ''],
    ]);
  });

  it('manages staff accounts as the CLI does', async () => {
    const added = await post('/admin/staff', { email: 'reader@college.edu', role: 'reader' }, ADMIN);
    expect(added.statusCode).toBe(201);
    expect(outboxFor(t.config, 'reader@college.edu').at(-1)).toContain('/staff/enrol?token=');
    expect((await post('/admin/staff', { email: 'x@college.edu', role: 'owner' }, ADMIN)).statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: '/admin/staff',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(list.json().accounts).toEqual([
      expect.objectContaining({ email: 'reader@college.edu', role: 'reader', enrolled: false }),
    ]);
    expect((await post('/admin/staff/role', { email: 'reader@college.edu', role: 'admin' }, ADMIN)).statusCode).toBe(
      200,
    );
    expect((await post('/admin/staff', { email: 'second@college.edu', role: 'admin' }, ADMIN)).statusCode).toBe(201);
    expect((await post('/admin/staff/remove', { email: 'reader@college.edu' }, ADMIN)).statusCode).toBe(200);
    expect((await post('/admin/staff/remove', { email: 'reader@college.edu' }, ADMIN)).statusCode).toBe(404);
    const actions = (await auditRows(t)).map((r) => [r.actor, r.action, r.target]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['admin-api', 'staff-added', 'reader@college.edu'],
        ['admin-api', 'staff-role-changed', 'reader@college.edu'],
        ['admin-api', 'staff-removed', 'reader@college.edu'],
      ]),
    );
  });

  it("runs the CLI's other commands, and audits them as the CLI's user when the CLI names it", async () => {
    const cli = { 'x-admin-cli-actor': 'cli:registrar' };
    const before = (await auditRows(t)).length;
    expect((await get('/admin/applicants', cli)).json().applicants).toEqual([
      expect.objectContaining({ username: 'staffed@example.com', submitted_at: null }),
    ]);
    await post('/admin/service-tokens', { username: 'staffed@example.com' }, ADMIN, cli);
    expect(
      (await post('/admin/service-tokens/revoke-all', { username: 'staffed@example.com' }, ADMIN, cli)).json(),
    ).toEqual({ revoked: 1 });
    expect((await post('/admin/seed-demo', { count: 2 }, ADMIN, cli)).json()).toEqual({ added: 2 });
    expect((await post('/admin/seed-demo', { count: 0 }, ADMIN, cli)).statusCode).toBe(400);
    const csv = 'id,address_line_1,address_line_2,city,state,zip,country\nz1,9 Test Way,,Troy,NY,12180,USA\n';
    expect((await post('/admin/lookup', { category: 'address', csv }, ADMIN, cli)).json()).toEqual({ imported: 1 });
    const bad = await post('/admin/lookup', { category: 'address', csv: 'id,city\nz2,Troy\n' }, ADMIN, cli);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The CSV for address lacks the columns: address_line_1, address_line_2, state, zip, country',
    );
    await post('/admin/staff', { email: 'sso@college.edu', role: 'reader' }, ADMIN, cli);
    const reset = await post('/admin/staff/sso-reset', { email: 'sso@college.edu' }, ADMIN, cli);
    expect(reset.json()).toEqual({ message: 'The single sign-on link was forgotten; their sessions have ended.' });
    expect((await post('/admin/staff/sso-reset', { email: 'none@college.edu' }, ADMIN, cli)).statusCode).toBe(404);
    expect((await get('/admin/audit/verify', cli)).json()).toEqual({ ok: true, rows: expect.any(Number) });
    // A name that is not a CLI's is not taken, nor is any name without the token.
    await get('/admin/audit/verify', { 'x-admin-cli-actor': 'service-token:1' });
    await post('/admin/revoke', { token: 'x' }, 'wrong', cli);
    const rows = (await auditRows(t)).slice(before);
    expect(rows.filter((r) => r.actor !== 'cli:registrar').map((r) => [r.actor, r.action, r.target])).toEqual([
      ['admin-api', 'admin-api', 'GET /admin/audit/verify'],
      ['admin-api', 'access-refused', 'POST /admin/revoke'],
    ]);
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'applicants-listed',
        'service-token-minted',
        'service-token-revoked',
        'demo-seeded',
        'staff-added',
        'staff-sso-reset',
      ]),
    );
  });

  it('does not exist without ADMIN_API_TOKEN', async () => {
    const plain = await makeApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/admin/service-tokens',
        ...json({ username: 'a@b.co' }),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
