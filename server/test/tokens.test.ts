import { LINK_INVALID } from '../src/tokens/service';
import { hashToken } from '../src/identity/tokens';
import { asUser, makeApp, newApplicant, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('public links', () => {
  it('returns the saved answers; an unknown, expired or revoked token gets 404 with a message', async () => {
    const answer = { first_name: 'Visitor', country: 'USA', country_desc: 'United States' };
    const token = await t.app.services.tokens.createPublicLink(answer);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const res = await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);

    const unknown = await t.app.inject({ method: 'GET', url: '/public/tmp?token=not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LINK_INVALID);

    await t.app.db.query("UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      hashToken(token),
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).statusCode).toBe(404);

    const revoked = await t.app.services.tokens.createPublicLink(answer);
    expect(await t.app.services.tokens.revoke(revoked)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${revoked}` })).statusCode).toBe(404);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.app.services.tokens.createPublicLink({ a: 'b' });
    const { rows } = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a missing token parameter is a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/public/tmp' })).statusCode).toBe(400);
  });
});

describe('service tokens', () => {
  it("open one applicant's answer, add-another counts, documents and tabs, read-only and uncached", async () => {
    const cookie = await newApplicant(t, 'staffview@example.com');
    await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, { first_name: 'Shown' }, 'PUT') });
    await t.app.inject({
      method: 'PUT',
      url: '/api/tabs',
      ...asUser(cookie, { tab_id: 'ps', chosen_tab: 'essay' }, 'PUT'),
    });
    const token = await t.app.services.tokens.createServiceToken('staffview@example.com');
    const res = await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      answer: { first_name: 'Shown' },
      add_another: {},
      document_answer: {},
      tabs: { ps: 'essay' },
    });

    // A public link's token is not a service token, and the reverse.
    const publicToken = await t.app.services.tokens.createPublicLink({ x: 'y' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${publicToken}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).statusCode).toBe(404);

    expect(await t.app.services.tokens.revokeAllFor('staffview@example.com')).toBe(1);
    const revoked = await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(LINK_INVALID);
  });
});
