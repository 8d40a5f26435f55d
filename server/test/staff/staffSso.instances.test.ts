import { loadConfig } from '../../src/config';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import { cookieHeader, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff } from './helpers';
import { startInstances, stopInstances } from '../support/instances';
import {
  callBack,
  signInWithSso,
  ssoUpToCallback,
  startOidcProvider,
  type ProviderForm,
  type TestProvider,
} from '../support/oidcTestProvider';

/**
 * The single sign-on link on PostgreSQL, with two instances of the server behind one address: a flow started on
 * one comes back to the other, the link made on one holds on the other, and two first sign-ins at once for one
 * account bind it once.
 */
const PUBLIC_URL = 'http://localhost:39402';

let provider: TestProvider;
let a: TestApp;
let b: TestApp;
let instances: TestApp[];

beforeAll(async () => {
  provider = await startOidcProvider(PUBLIC_URL);
  const { staff } = loadConfig({
    STAFF_OIDC_ISSUER: provider.issuer,
    STAFF_OIDC_CLIENT_ID: provider.clientId,
    STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  instances = await startInstances(2, { publicUrl: PUBLIC_URL, staff });
  [a, b] = instances;
});
afterAll(async () => {
  await stopInstances(instances);
  await provider.stop();
});

const sso = (on: TestApp, form: ProviderForm, options: { returnTo?: string } = {}) =>
  signInWithSso(on.app, PUBLIC_URL, form, options);

it('the link made on one instance holds on the other: changed email, another subject, reset, a new subject', async () => {
  const admin = await newStaff(a, 'dean@college.edu', 'admin');
  await a.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });

  // Started on A, back on B: the flow, and the page asked for, wait in the database.
  const arriving = await ssoUpToCallback(
    a.app,
    PUBLIC_URL,
    { email: 'reader@college.edu', sub: 'u-1' },
    {
      returnTo: '/staff/applicants?status=submitted',
    },
  );
  const first = await callBack(b.app, arriving);
  expect(first.headers.location).toBe('/staff/applicants?status=submitted');

  const changed = await sso(a, { email: 'reader.renamed@college.edu', sub: 'u-1' });
  expect(changed.headers.location).toBe('/staff');
  const me = await b.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(changed)) });
  expect(me.json()).toMatchObject({ email: 'reader@college.edu', via: 'sso' });

  expect((await sso(b, { email: 'reader@college.edu', sub: 'u-2' })).headers.location).toBe(
    '/staff/sign-in?error=SsoBoundElsewhere',
  );
  expect((await auditRows(a)).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    action: 'sign-in-failed',
    detail: `sso: amr=pwd acr=0, account linked to ${provider.issuer} u-1`,
  });

  const list = await b.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(admin.cookie) });
  const reader = list.json().accounts.find((x: { email: string }) => x.email === 'reader@college.edu');
  expect(reader.sso).toEqual({ issuer: provider.issuer, subject: 'u-1', boundAt: expect.any(String) });
  const reset = await b.app.inject({
    method: 'DELETE',
    url: `/staff/api/accounts/${reader.id}/sso`,
    ...asStaff(admin.cookie, {}),
  });
  expect(reset.json()).toEqual({ message: STAFF_MESSAGES.ssoReset });
  expect(
    (await a.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(changed)) })).statusCode,
  ).toBe(401);

  expect((await sso(a, { email: 'reader@college.edu', sub: 'u-2' })).headers.location).toBe('/staff');
  const { rows } = await b.app.db.query(`SELECT sso_subject FROM staff_accounts WHERE email = 'reader@college.edu'`);
  expect(rows).toEqual([{ sso_subject: 'u-2' }]);
});

it('two first sign-ins at once for one account, on both instances: one binds, the other is refused and audited', async () => {
  await a.app.staff.accounts.add({ email: 'twice@college.edu', role: 'reader' }, { actor: 'cli' });
  const [one, two] = await Promise.all([
    ssoUpToCallback(a.app, PUBLIC_URL, { email: 'twice@college.edu', sub: 'first-person' }),
    ssoUpToCallback(b.app, PUBLIC_URL, { email: 'twice@college.edu', sub: 'second-person' }),
  ]);
  const before = (await auditRows(a)).length;
  const answers = await Promise.all([callBack(a.app, one), callBack(b.app, two)]);
  expect(answers.map((answer) => answer.headers.location).sort()).toEqual([
    '/staff',
    '/staff/sign-in?error=SsoBoundElsewhere',
  ]);
  const added = (await auditRows(a)).slice(before);
  expect(added.map((row) => row.action).sort()).toEqual(['sign-in', 'sign-in-failed']);
  const { rows } = await a.app.db.query<{ sso_subject: string }>(
    `SELECT sso_subject FROM staff_accounts WHERE email = 'twice@college.edu'`,
  );
  const winner = answers[0].headers.location === '/staff' ? 'first-person' : 'second-person';
  expect(rows).toEqual([{ sso_subject: winner }]);
});
