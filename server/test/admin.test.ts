import { json, makeApp, newApplicant, type TestApp } from './helpers';

const ADMIN = 'a'.repeat(40);

describe('admin API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ adminApiToken: ADMIN });
    await newApplicant(t, 'staffed@example.com');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: payload as object,
    });

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
