import { loadConfig } from '../../src/config';
import { cookieHeader, makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows } from './helpers';
import { startOidcProvider, type TestProvider } from '../support/oidcTestProvider';

/**
 * Single sign-on against a real OpenID provider (oidc-provider, started for this file): discovery, the code flow
 * with PKCE, state and nonce, as a browser would go through it, the provider's cookies kept per name.
 */
const PUBLIC_URL = 'http://localhost:39401';

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider(PUBLIC_URL);
});
afterAll(async () => {
  await provider.stop();
});
beforeEach(async () => {
  // As STAFF_OIDC_* would set it (config.ts reads them), with the provider's own address.
  const { staff } = loadConfig({
    STAFF_OIDC_ISSUER: provider.issuer,
    STAFF_OIDC_CLIENT_ID: provider.clientId,
    STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
    STAFF_OIDC_REQUIRE_MFA: 'true',
    STAFF_OIDC_NAME: 'Example College',
  });
  t = await makeApp({ publicUrl: PUBLIC_URL, staff });
});
afterEach(async () => {
  await t.close();
});

/**
 * Clicks through: the console's start → the provider's sign-in form (email, MFA box) → consent (given by the
 * provider) → back to the console's callback. Returns the callback's answer.
 */
async function signInWithSso(email: string, mfa: boolean, options: { dropFlowCookie?: boolean } = {}) {
  const start = await t.app.inject({ method: 'GET', url: '/staff/api/sso/start' });
  expect(start.statusCode).toBe(302);
  const flowCookie = options.dropFlowCookie ? '' : cookieHeader(start);
  const jar = new Map<string, string>();
  let url = new URL(start.headers.location as string);
  expect(url.origin).toBe(new URL(provider.issuer).origin);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(PUBLIC_URL)) {
      return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: flowCookie } });
    }
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    if (response.status === 200) {
      const html = await response.text();
      expect(html).toContain('College sign-in');
      body = new URLSearchParams({ email, ...(mfa ? { mfa: 'yes' } : {}) }).toString();
      continue;
    }
    expect([302, 303]).toContain(response.status);
    url = new URL(response.headers.get('location')!, url);
  }
  throw new Error('the sign-in did not come back');
}

test('a staff member an admin added signs in with the college account and MFA', async () => {
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
  const config = await t.app.inject({ method: 'GET', url: '/staff/api/config' });
  expect(config.json()).toEqual({ sso: true, ssoName: 'Example College', timeZone: 'America/New_York' });

  const callback = await signInWithSso('Reader@College.edu', true);
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/staff');
  const cookie = cookieHeader(callback);
  const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookie) });
  expect(me.json()).toEqual({ email: 'reader@college.edu', role: 'reader', via: 'sso' });
  expect((await auditRows(t)).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    action: 'sign-in',
    detail: `sso: amr=pwd,otp acr=http://schemas.openid.net/pape/policies/2007/06/multi-factor, linked to ${provider.issuer} Reader@College.edu`,
  });
});

test('an email with no staff account is refused: no self-provisioning', async () => {
  const callback = await signInWithSso('stranger@college.edu', true);
  expect(callback.headers.location).toBe('/staff/sign-in?error=SsoUnknown');
  expect(callback.cookies.find((c) => c.name === 'staff_sid')).toBeUndefined();
  expect((await auditRows(t)).at(-1)).toMatchObject({ actor: 'stranger@college.edu', action: 'sign-in-failed' });
  const { rows } = await t.app.db.query('SELECT * FROM staff_accounts');
  expect(rows).toHaveLength(0);
});

test('an ID token that does not show MFA is refused when MFA is required', async () => {
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
  const callback = await signInWithSso('reader@college.edu', false);
  expect(callback.headers.location).toBe('/staff/sign-in?error=SsoNoMfa');
  expect(callback.cookies.find((c) => c.name === 'staff_sid')).toBeUndefined();
  expect((await auditRows(t)).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    action: 'sign-in-failed',
    detail: 'sso without MFA: amr=pwd acr=0',
  });
});

test('a callback without its flow (another browser, or replayed) is refused', async () => {
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
  const callback = await signInWithSso('reader@college.edu', true, { dropFlowCookie: true });
  expect(callback.headers.location).toBe('/staff/sign-in?error=SsoFailed');
});

test('a role change takes effect at once: the session ends, and the next sign-in has the new role', async () => {
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
  const first = cookieHeader(await signInWithSso('reader@college.edu', true));
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(first) })).statusCode).toBe(403);

  await t.app.staff.accounts.setRole({ email: 'reader@college.edu' }, 'admin', { actor: 'cli' });
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(first) })).statusCode).toBe(401);

  const second = cookieHeader(await signInWithSso('reader@college.edu', true));
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(second) })).statusCode).toBe(200);
});
