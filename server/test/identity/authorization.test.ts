import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';

/**
 * The authorization matrix: no route takes a user id, so the only way to reach data is one's own session.
 * A acts through every route; B's data must be untouched and never appear in A's answers, and the reverse.
 */
let t: TestApp;
let a: string;
let b: string;
beforeAll(async () => {
  t = await makeApp();
  a = await newApplicant(t, 'alice@example.com');
  b = await newApplicant(t, 'bob@example.com');
  await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(b, { first_name: 'Bob' }, 'PUT') });
  await t.app.inject({ method: 'PUT', url: '/api/tabs', ...asUser(b, { tab_id: 'ps', chosen_tab: 'essay' }, 'PUT') });
  await t.app.inject({
    method: 'PUT',
    url: '/api/add-another',
    ...asUser(b, { button_id: 'activity', num_components: 2 }, 'PUT'),
  });
  await t.app.inject({ method: 'PUT', url: '/api/last-page', ...asUser(b, { last_page: '/education' }, 'PUT') });
});
afterAll(() => t.close());

const bobsState = async () => ({
  profile: (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: b } })).json(),
  tabs: (await t.app.inject({ method: 'GET', url: '/api/tabs', headers: { cookie: b } })).json(),
  addAnother: (await t.app.inject({ method: 'GET', url: '/api/add-another', headers: { cookie: b } })).json(),
});

describe('user A cannot read or change user B', () => {
  it('every write A makes lands on A only', async () => {
    const before = await bobsState();
    const writes: [string, string, unknown][] = [
      ['PUT', '/api/answer', { first_name: 'Alice', username: 'bob@example.com', user_id: '2' }],
      ['PUT', '/api/last-page', { last_page: '/final-steps' }],
      ['POST', '/api/web-status', { web_status: 'validating' }],
      ['PUT', '/api/add-another', { button_id: 'activity', num_components: 5 }],
      ['PUT', '/api/tabs', { tab_id: 'ps', chosen_tab: 'upload' }],
      ['POST', '/api/validations', { first_name: ['First Name'] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await t.app.inject({ method: method as 'PUT', url, ...asUser(a, payload, method) });
      expect(res.statusCode).toBe(200);
    }
    expect(await bobsState()).toEqual(before);
    const alice = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: a } })).json();
    expect(alice.username).toBe('alice@example.com');
    expect(alice.answer).toEqual({ first_name: 'Alice', username: 'bob@example.com', user_id: '2' });
    expect(JSON.stringify(alice)).not.toContain('Bob');
  });

  it('reads through A only ever show A', async () => {
    for (const url of ['/api/profile', '/api/tabs', '/api/add-another']) {
      const body = (await t.app.inject({ method: 'GET', url, headers: { cookie: a } })).body;
      expect(body).not.toContain('Bob');
      expect(body).not.toContain('/education');
    }
  });

  it("A's submit and logout do not touch B's application or session", async () => {
    await t.app.inject({ method: 'POST', url: '/api/submit', ...asUser(a, undefined, 'POST') });
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: a } });
    const { profile } = await bobsState();
    expect(profile.username).toBe('bob@example.com');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(b, { first_name: 'Bobby' }, 'PUT') }))
        .statusCode,
    ).toBe(200);
  });

  it("a service token for A shows A's answers only", async () => {
    const { token } = await t.app.services.tokens.createServiceToken('bob@example.com');
    const res = await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` });
    expect(res.json().answer.first_name).toBe('Bobby');
    expect(res.body).not.toContain('Alice');
  });
});
