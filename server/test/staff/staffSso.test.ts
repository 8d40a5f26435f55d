import { loadConfig } from '../../src/config';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import { cookieHeader, makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff } from './helpers';
import {
  callBack,
  signInWithSso,
  ssoUpToCallback,
  startOidcProvider,
  type ProviderForm,
  type TestProvider,
} from '../support/oidcTestProvider';

/**
 * Single sign-on against a real OpenID provider (oidc-provider, started for this file): discovery, the code flow
 * with PKCE, state and nonce, as a browser would go through it, the provider's cookies kept per name.
 */
const PUBLIC_URL = 'http://localhost:39401';
const MFA = 'amr=pwd,otp acr=http://schemas.openid.net/pape/policies/2007/06/multi-factor';

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider(PUBLIC_URL);
});
afterAll(async () => {
  await provider.stop();
});

/** The server with STAFF_OIDC_* set as config.ts reads them, for `of` (this file's provider by default). */
async function appWith(env: Record<string, string> = {}, of: TestProvider = provider) {
  const { staff } = loadConfig({
    STAFF_OIDC_ISSUER: of.issuer,
    STAFF_OIDC_CLIENT_ID: of.clientId,
    STAFF_OIDC_CLIENT_SECRET: of.clientSecret,
    STAFF_OIDC_REQUIRE_MFA: 'true',
    STAFF_OIDC_NAME: 'Example College',
    ...env,
  });
  return makeApp({ publicUrl: PUBLIC_URL, staff });
}
beforeEach(async () => {
  t = await appWith();
});
afterEach(async () => {
  await t.close();
});

const sso = (form: ProviderForm, options: { returnTo?: string } = {}) =>
  signInWithSso(t.app, PUBLIC_URL, { mfa: true, ...form }, options);
const addReader = (email = 'reader@college.edu') =>
  t.app.staff.accounts.add({ email, role: 'reader' }, { actor: 'cli' });
const failedRows = async () => (await auditRows(t)).filter((row) => row.action === 'sign-in-failed');

/** The account's single sign-on link, as the admins' list answers it. */
async function ssoLinkOf(email: string, adminCookie: string) {
  const list = await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(adminCookie) });
  return list.json().accounts.find((account: { email: string }) => account.email === email);
}

test('a staff member an admin added signs in with the college account and MFA, and is linked to it', async () => {
  await addReader();
  const config = await t.app.inject({ method: 'GET', url: '/staff/api/config' });
  expect(config.json()).toEqual({
    sso: true,
    ssoName: 'Example College',
    saml: false,
    samlName: '',
    timeZone: 'America/New_York',
  });

  const callback = await sso({ email: 'Reader@College.edu' });
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/staff');
  const cookie = cookieHeader(callback);
  const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookie) });
  expect(me.json()).toEqual({ email: 'reader@college.edu', role: 'reader', via: 'sso' });
  expect((await auditRows(t)).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    action: 'sign-in',
    detail: `sso: ${MFA}, linked to ${provider.issuer} Reader@College.edu`,
  });
  const admin = await newStaff(t, 'dean@college.edu', 'admin');
  expect((await ssoLinkOf('reader@college.edu', admin.cookie)).sso).toEqual({
    issuer: provider.issuer,
    subject: 'Reader@College.edu',
    boundAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect((await ssoLinkOf('dean@college.edu', admin.cookie)).sso).toBeNull();
});

test('a signed-out link is where the sign-in lands; another origin, the API or the sign-in page land on /staff', async () => {
  await addReader();
  const asked = await sso({ email: 'reader@college.edu' }, { returnTo: '/staff/applicants?status=submitted' });
  expect(asked.headers.location).toBe('/staff/applicants?status=submitted');
  for (const returnTo of [
    'https://evil.example/staff',
    '//evil.example/staff',
    '/\\evil.example/staff',
    '/staff/api/accounts',
    '/staffing',
    '/staff/sign-in?error=SsoFailed',
  ]) {
    const callback = await sso({ email: 'reader@college.edu' }, { returnTo });
    expect([returnTo, callback.headers.location]).toEqual([returnTo, '/staff']);
  }
});

test('every refused callback, whatever refused it, leaves exactly one audit row saying why', async () => {
  await addReader();
  await addReader('linked@college.edu');
  // Never signed in: the refusals of its email are not hidden by a link.
  await addReader('fresh@college.edu');
  expect((await sso({ email: 'linked@college.edu' })).headers.location).toBe('/staff');
  const before = (await failedRows()).length;

  /** One refused callback: where it sends the browser, and the one row it added. */
  const refused: { location: string; actor: string; detail: string }[] = [];
  const expectRefused = async (answer: Promise<{ headers: { location?: unknown } }>) => {
    const count = (await failedRows()).length;
    const { location } = (await answer).headers;
    const rows = await failedRows();
    expect(rows).toHaveLength(count + 1);
    refused.push({ location: String(location), actor: rows.at(-1)!.actor, detail: rows.at(-1)!.detail });
  };
  const reader = { email: 'reader@college.edu', mfa: true };
  const fresh = { email: 'fresh@college.edu', mfa: true };
  const up = () => ssoUpToCallback(t.app, PUBLIC_URL, reader);
  const tamper = async (column: string, value: string) => {
    const arriving = await up();
    await t.app.db.query(`UPDATE staff_sso_flows SET ${column} = ${value}`);
    return callBack(t.app, arriving);
  };

  const arriving = await up();
  await expectRefused(callBack(t.app, { ...arriving, cookie: '' }));
  await expectRefused(callBack(t.app, { url: arriving.url, cookie: (await up()).cookie }));
  expect((await callBack(t.app, arriving)).headers.location).toBe('/staff');
  await expectRefused(callBack(t.app, arriving));
  await expectRefused(tamper('created_at', `now() - interval '11 minutes'`));
  await expectRefused(tamper('nonce', `'another-nonce'`));
  await expectRefused(tamper('code_verifier', `'${'v'.repeat(43)}'`));
  const badCode = await up();
  await expectRefused(callBack(t.app, { ...badCode, url: badCode.url.replace(/code=[^&]+/, 'code=forged') }));
  await expectRefused(sso({ ...reader, cancel: true }));
  await expectRefused(sso({ ...reader, mfa: false }));
  await expectRefused(sso({ ...fresh, noEmail: true, userInfoSub: 'someone-else' }));
  await expectRefused(sso({ ...fresh, noEmail: true }));
  await expectRefused(sso({ ...fresh, verified: 'no' }));
  await expectRefused(sso({ ...fresh, verified: 'absent' }));
  await expectRefused(sso({ email: 'stranger@college.edu' }));
  await expectRefused(sso({ email: 'linked@college.edu', sub: 'another-person' }));

  const failed = '/staff/sign-in?error=SsoFailed';
  const target = (sub: string) => `${provider.issuer} ${sub}`;
  expect(refused).toEqual([
    { location: failed, actor: 'anonymous', detail: 'sso: no flow cookie (another browser, or cookies blocked)' },
    { location: failed, actor: 'anonymous', detail: 'sso: state mismatch' },
    { location: failed, actor: 'anonymous', detail: 'sso: flow unknown or already used' },
    { location: failed, actor: 'anonymous', detail: 'sso: flow expired' },
    { location: failed, actor: 'anonymous', detail: 'sso: nonce mismatch' },
    {
      location: failed,
      actor: 'anonymous',
      detail: 'sso: token exchange failed: invalid_grant (grant request is invalid)',
    },
    {
      location: failed,
      actor: 'anonymous',
      detail: 'sso: token exchange failed: invalid_grant (grant request is invalid)',
    },
    {
      location: failed,
      actor: 'anonymous',
      detail: 'sso: the provider answered access_denied (The person cancelled the sign-in)',
    },
    {
      location: '/staff/sign-in?error=SsoNoMfa',
      actor: 'reader@college.edu',
      detail: 'sso: amr=pwd acr=0, no MFA shown',
    },
    { location: failed, actor: 'anonymous', detail: 'sso: UserInfo sub differs from the ID token' },
    {
      location: '/staff/sign-in?error=SsoUnknown',
      actor: 'anonymous',
      detail: `sso: ${MFA}, email from UserInfo, no email from the provider`,
    },
    {
      location: '/staff/sign-in?error=SsoUnverified',
      actor: 'fresh@college.edu',
      detail: `sso: ${MFA}, email not verified`,
    },
    {
      location: '/staff/sign-in?error=SsoUnverified',
      actor: 'fresh@college.edu',
      detail: `sso: ${MFA}, email not verified`,
    },
    {
      location: '/staff/sign-in?error=SsoUnknown',
      actor: 'stranger@college.edu',
      detail: `sso: ${MFA}, no staff account`,
    },
    {
      location: '/staff/sign-in?error=SsoBoundElsewhere',
      actor: 'linked@college.edu',
      detail: `sso: ${MFA}, account linked to ${target('linked@college.edu')}`,
    },
  ]);
  expect((await failedRows()).length - before).toBe(refused.length);
  // Nobody was provisioned, and no refused sign-in bound an account.
  const { rows } = await t.app.db.query<{ email: string; sso_subject: string | null }>(
    'SELECT email, sso_subject FROM staff_accounts ORDER BY email',
  );
  expect(rows).toEqual([
    { email: 'fresh@college.edu', sso_subject: null },
    { email: 'linked@college.edu', sso_subject: 'linked@college.edu' },
    { email: 'reader@college.edu', sso_subject: 'reader@college.edu' },
  ]);
});

test('the link holds: a changed email still signs in, another subject is refused, and after a reset a new one binds', async () => {
  await addReader();
  const admin = await newStaff(t, 'dean@college.edu', 'admin');
  const first = await sso({ email: 'reader@college.edu', sub: 'u-1001' });
  expect(first.headers.location).toBe('/staff');

  // The provider lets people change their email: the subject is who they are.
  const changed = await sso({ email: 'r.new@college.edu', sub: 'u-1001' });
  expect(changed.headers.location).toBe('/staff');
  const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(changed)) });
  expect(me.json()).toMatchObject({ email: 'reader@college.edu', via: 'sso' });

  // Someone else who got the email at the provider.
  const other = await sso({ email: 'reader@college.edu', sub: 'u-2002' });
  expect(other.headers.location).toBe('/staff/sign-in?error=SsoBoundElsewhere');
  expect(other.cookies.find((c) => c.name === 'staff_sid')).toBeUndefined();

  const { id } = await ssoLinkOf('reader@college.edu', admin.cookie);
  const reset = await t.app.inject({
    method: 'DELETE',
    url: `/staff/api/accounts/${id}/sso`,
    ...asStaff(admin.cookie, {}),
  });
  expect(reset.json()).toEqual({ message: STAFF_MESSAGES.ssoReset });
  expect((await auditRows(t)).at(-1)).toMatchObject({
    actor: 'dean@college.edu',
    action: 'staff-sso-reset',
    target: 'reader@college.edu',
    detail: `was ${provider.issuer} u-1001`,
  });
  expect((await ssoLinkOf('reader@college.edu', admin.cookie)).sso).toBeNull();
  // The sessions signed in with the old link end with it.
  expect(
    (await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(changed)) })).statusCode,
  ).toBe(401);

  const rebound = await sso({ email: 'reader@college.edu', sub: 'u-2002' });
  expect(rebound.headers.location).toBe('/staff');
  expect((await ssoLinkOf('reader@college.edu', admin.cookie)).sso).toMatchObject({ subject: 'u-2002' });
  // The old subject, its email changed, is nobody now.
  expect((await sso({ email: 'r.new@college.edu', sub: 'u-1001' })).headers.location).toBe(
    '/staff/sign-in?error=SsoUnknown',
  );
});

test('a reader may not reset a link', async () => {
  const reader = await newStaff(t, 'reader@college.edu', 'reader');
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id::text AS id FROM staff_accounts');
  const reset = await t.app.inject({
    method: 'DELETE',
    url: `/staff/api/accounts/${rows[0].id}/sso`,
    ...asStaff(reader.cookie, {}),
  });
  expect(reset.statusCode).toBe(403);
  expect(reset.json().message).toBe(STAFF_MESSAGES.forbidden);
});

test("with STAFF_OIDC_TRUST_EMAIL=true the college's own emails bind without email_verified", async () => {
  await t.close();
  t = await appWith({ STAFF_OIDC_TRUST_EMAIL: 'true' });
  await addReader();
  await addReader('other@college.edu');
  expect((await sso({ email: 'reader@college.edu', verified: 'no' })).headers.location).toBe('/staff');
  expect((await sso({ email: 'other@college.edu', verified: 'absent' })).headers.location).toBe('/staff');
  const { rows } = await t.app.db.query('SELECT sso_subject FROM staff_accounts ORDER BY email');
  expect(rows).toEqual([{ sso_subject: 'other@college.edu' }, { sso_subject: 'reader@college.edu' }]);
});

describe('a provider that gives the email only at UserInfo (the code flow, OIDC Core §5.4)', () => {
  let atUserInfo: TestProvider;
  beforeAll(async () => {
    atUserInfo = await startOidcProvider(PUBLIC_URL, { emailAtUserInfo: true });
  });
  afterAll(async () => {
    await atUserInfo.stop();
  });
  beforeEach(async () => {
    await t.close();
    t = await appWith({}, atUserInfo);
  });

  test('the email is read from UserInfo, and binds', async () => {
    await addReader();
    const callback = await sso({ email: 'reader@college.edu' });
    expect(callback.headers.location).toBe('/staff');
    expect((await auditRows(t)).at(-1)).toMatchObject({
      actor: 'reader@college.edu',
      action: 'sign-in',
      detail: `sso: ${MFA}, email from UserInfo, linked to ${atUserInfo.issuer} reader@college.edu`,
    });
  });

  test("UserInfo's email_verified counts, and a UserInfo for another subject is refused", async () => {
    await addReader();
    expect((await sso({ email: 'reader@college.edu', verified: 'no' })).headers.location).toBe(
      '/staff/sign-in?error=SsoUnverified',
    );
    expect((await sso({ email: 'reader@college.edu', userInfoSub: 'someone-else' })).headers.location).toBe(
      '/staff/sign-in?error=SsoFailed',
    );
    expect((await failedRows()).map((row) => row.detail)).toEqual([
      `sso: ${MFA}, email from UserInfo, email not verified`,
      'sso: UserInfo sub differs from the ID token',
    ]);
    const { rows } = await t.app.db.query('SELECT sso_subject FROM staff_accounts');
    expect(rows).toEqual([{ sso_subject: null }]);
  });
});

test('a role change takes effect at once: the session ends, and the next sign-in has the new role', async () => {
  await addReader();
  const first = cookieHeader(await sso({ email: 'reader@college.edu' }));
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(first) })).statusCode).toBe(403);

  await t.app.staff.accounts.setRole({ email: 'reader@college.edu' }, 'admin', { actor: 'cli' });
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(first) })).statusCode).toBe(401);

  const second = cookieHeader(await sso({ email: 'reader@college.edu' }));
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(second) })).statusCode).toBe(200);
});
