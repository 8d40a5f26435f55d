import { json, makeApp, newApplicant, type TestApp } from '../helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp();
  cookie = await newApplicant(t, 'csrf@example.com');
});
afterAll(() => t.close());

const REFUSED = 'This request was refused because it did not come from this site.';

describe('CSRF checks on state-changing requests', () => {
  it('refuses a form post (not JSON) with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=Mallory',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REFUSED);
  });

  it('refuses text/plain (the other content type a cross-site form can send)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ username: 'csrf@example.com', password: 'x' }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses JSON from another origin, accepts it from this one', async () => {
    const from = (origin: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/answer',
        headers: { cookie, 'content-type': 'application/json', origin, host: 'apply.example.edu' },
        payload: { first_name: 'Ada' },
      });
    expect((await from('https://evil.example')).statusCode).toBe(403);
    expect((await from('http://apply.example.edu')).statusCode).toBe(200);
  });

  it('refuses a request the browser marks cross-site, including the logout GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/lookup/find?category=hs_ceeb&text=sample',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a JSON post without an Origin header (same-origin fetch, curl) is accepted', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/public/forgot-password', ...json({ username: 'a@b.co' }) }))
        .statusCode,
    ).toBe(200);
  });
});
