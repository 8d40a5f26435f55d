import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { parseIdpMetadata } from '../../src/staff/accounts/saml';
import { selfSignedKeyPair, type KeyPair } from '../../../testing/samlKeys';
import { cookieHeader, json, makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows } from './helpers';
import { startSamlIdp, type TestIdp } from '../support/samlTestIdp';
import { samlAnswer, postToAcs, postToAcsOnly, type IdpChoices } from '../support/samlBrowser';

/**
 * SAML 2.0 sign-in against a real identity provider (Auth0's samlp, testing/samlIdp.ts, started for this file): the
 * console's signed AuthnRequest over HTTP-Redirect, the IdP's form, its answer posted cross-site to the ACS.
 */
const PUBLIC_URL = 'http://localhost:39411';
const MFA = 'https://refeds.org/profile/mfa';
const PASSWORD_CLASS = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

let sp: KeyPair;
let idp: TestIdp;
let t: TestApp;
let idpEntityId: string;

beforeAll(async () => {
  sp = selfSignedKeyPair('Admissions staff console (tests)');
  idp = await startSamlIdp(PUBLIC_URL, sp.certFile);
  idpEntityId = `${idp.origin}/idp`;
});
afterAll(async () => {
  await idp.stop();
});

/** As STAFF_SAML_* set it (config.ts reads them): the key as a file, the certificate as PEM text. */
const samlEnv = (extra: NodeJS.ProcessEnv = {}) => ({
  STAFF_SAML_METADATA_URL: idp.metadataUrl,
  STAFF_SAML_SP_KEY: sp.keyFile,
  STAFF_SAML_SP_CERT: sp.cert,
  STAFF_SAML_REQUIRE_MFA: 'true',
  STAFF_SAML_NAME: 'Northfield NetID',
  ...extra,
});

beforeEach(async () => {
  t = await makeApp({ publicUrl: PUBLIC_URL, staff: loadConfig(samlEnv()).staff });
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
});
afterEach(async () => {
  await t.close();
});

const READER: IdpChoices = { eppn: 'jreader@college.edu', mail: 'Reader@College.edu', mfa: true };
const answer = (choices: IdpChoices, returnTo?: string) => samlAnswer(t, idp, choices, returnTo);
const acs = (samlResponse: string) => postToAcs(t, idp, samlResponse);

async function failures() {
  return (await auditRows(t)).filter((row) => row.action === 'sign-in-failed');
}

test('the sign-in page is told SAML is on, and the SP metadata names the entity id, ACS URL and certificate', async () => {
  const config = await t.app.inject({ method: 'GET', url: '/staff/api/config' });
  expect(config.json()).toMatchObject({ saml: true, samlName: 'Northfield NetID' });

  const metadata = await t.app.inject({ method: 'GET', url: '/staff/api/saml/metadata' });
  expect(metadata.statusCode).toBe(200);
  expect(metadata.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
  expect(metadata.body).toContain(`entityID="${PUBLIC_URL}/staff/api/saml/metadata"`);
  expect(metadata.body).toContain(
    `Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${PUBLIC_URL}/staff/api/saml/acs"`,
  );
  expect(metadata.body).toContain('WantAssertionsSigned="true"');
  expect(metadata.body).toContain(sp.cert.split('\n')[1]);
});

test('a reader an admin added signs in with MFA and lands on the page asked for, bound to the persistent NameID', async () => {
  const samlResponse = await answer(READER, '/staff/applicants?status=submitted');
  const reply = await acs(samlResponse);
  expect(reply.statusCode).toBe(303);
  expect(reply.headers.location).toBe('/staff/applicants?status=submitted');
  const cookie = cookieHeader(reply);
  const me = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookie) });
  expect(me.json()).toEqual({ email: 'reader@college.edu', role: 'reader', via: 'sso' });

  const { rows } = await t.app.db.query<{ sso_issuer: string; sso_subject: string }>(
    `SELECT sso_issuer, sso_subject FROM staff_accounts WHERE email = 'reader@college.edu'`,
  );
  expect(rows[0].sso_issuer).toBe(idpEntityId);
  // The IdP's opaque persistent id (not the eppn, not the email).
  expect(rows[0].sso_subject).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  expect((await auditRows(t)).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    action: 'sign-in',
    detail: `sso: saml authn=${MFA} id=persistent NameID, linked to ${idpEntityId} ${rows[0].sso_subject}`,
  });

  // Bound: the next sign-in is matched on the NameID, whatever mail says now.
  const again = await acs(await answer({ ...READER, mail: 'someone.else@college.edu' }));
  expect(again.headers.location).toBe('/staff/applicants');
  const meAgain = await t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(again)) });
  expect(meAgain.json()).toMatchObject({ email: 'reader@college.edu' });
});

test('the sign-in finishes only in the browser that started it: no signing someone else in as oneself', async () => {
  // An attacker's own valid answer, posted from a page they make the victim's browser open: that browser has no
  // flow cookie of this sign-in, so the hand-over after the ACS refuses it.
  const samlResponse = await answer(READER);
  const acsReply = await postToAcsOnly(t, idp, samlResponse);
  expect(acsReply.statusCode).toBe(303);
  const finish = String(acsReply.headers.location);
  expect(finish).toMatch(/^\/staff\/api\/saml\/finish\?ticket=/);
  // No session is given by the ACS itself.
  expect(acsReply.cookies.filter((c) => c.name === 'staff_sid')).toEqual([]);

  const other = await t.app.inject({ method: 'GET', url: finish });
  expect(other.statusCode).toBe(303);
  expect(other.headers.location).toBe('/staff/sign-in?error=SsoFailed');
  expect(other.cookies.filter((c) => c.name === 'staff_sid')).toEqual([]);
  expect((await failures()).at(-1)).toMatchObject({
    actor: 'reader@college.edu',
    detail: 'saml: came back in another browser than the one that started it',
  });
  // The hand-over is single use: the right browser coming after is refused too (start again).
  const again = await t.app.inject({ method: 'GET', url: finish });
  expect(again.headers.location).toBe('/staff/sign-in?error=SsoFailed');
  expect((await failures()).at(-1)).toMatchObject({
    detail: 'saml: the hand-over is unknown, already used or expired',
  });
  expect(await failures()).toHaveLength(2);
});

test('without a persistent NameID the account is bound to eduPersonPrincipalName; an encrypted assertion is read', async () => {
  const reply = await acs(await answer({ ...READER, persistent: false, encrypt: true }));
  expect(reply.headers.location).toBe('/staff/applicants');
  const { rows } = await t.app.db.query<{ sso_subject: string }>(
    `SELECT sso_subject FROM staff_accounts WHERE email = 'reader@college.edu'`,
  );
  expect(rows[0].sso_subject).toBe('jreader@college.edu');
});

test('a link outside the console is not followed after signing in', async () => {
  const reply = await acs(await answer(READER, 'https://evil.example/staff'));
  expect(reply.headers.location).toBe('/staff');
});

test('an unknown user is refused: nobody provisions themselves', async () => {
  const reply = await acs(await answer({ eppn: 'stranger@college.edu', mail: 'stranger@college.edu', mfa: true }));
  expect(reply.statusCode).toBe(303);
  expect(reply.headers.location).toBe('/staff/sign-in?error=SsoUnknown');
  expect(reply.cookies.find((c) => c.name === 'staff_sid')).toBeUndefined();
  expect(await failures()).toEqual([
    expect.objectContaining({
      actor: 'stranger@college.edu',
      detail: `sso: saml authn=${MFA} id=persistent NameID, no staff account`,
    }),
  ]);
});

/** One refusal: where the browser goes, and the audit row it leaves (actor, and the detail's reason). */
async function expectRefused(samlResponse: string, code: string, actor: string, detail: RegExp) {
  const before = (await failures()).length;
  const reply = await acs(samlResponse);
  expect(reply.statusCode).toBe(303);
  expect(reply.headers.location).toBe(`/staff/sign-in?error=${code}`);
  expect(reply.cookies.find((c) => c.name === 'staff_sid')).toBeUndefined();
  const rows = await failures();
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)!.actor).toBe(actor);
  expect(rows.at(-1)!.detail).toMatch(detail);
}

test('an unsigned assertion is refused', async () => {
  await expectRefused(await answer({ ...READER, unsigned: true }), 'SsoFailed', 'anonymous', /^saml: not signed/);
});

test('an assertion altered after signing (its eppn changed) is refused', async () => {
  const signed = Buffer.from(await answer({ ...READER, persistent: false }), 'base64').toString('utf8');
  expect(signed).toContain('jreader@college.edu');
  const altered = Buffer.from(signed.replace('jreader@college.edu', 'dean@college.edu')).toString('base64');
  await expectRefused(altered, 'SsoFailed', 'anonymous', /^saml: not signed by the identity provider, or altered/);
});

test('a response posted a second time is refused as a replay', async () => {
  const samlResponse = await answer(READER);
  expect((await acs(samlResponse)).headers.location).toBe('/staff/applicants');
  await expectRefused(
    samlResponse,
    'SsoFailed',
    'anonymous',
    /^saml: replayed: the request it answers was already answered$/,
  );
});

test('the same response posted twice at once signs in once', async () => {
  const samlResponse = await answer(READER);
  const replies = await Promise.all([acs(samlResponse), acs(samlResponse)]);
  expect(replies.map((r) => r.headers.location).sort()).toEqual([
    '/staff/applicants',
    '/staff/sign-in?error=SsoFailed',
  ]);
  expect(await failures()).toEqual([expect.objectContaining({ detail: expect.stringMatching(/^saml: replayed/) })]);
});

test('a response to a request this server did not send (or no longer has) is refused', async () => {
  const samlResponse = await answer(READER);
  await t.app.db.query('DELETE FROM staff_saml_requests');
  await expectRefused(samlResponse, 'SsoFailed', 'anonymous', /^saml: InResponseTo names no request/);
});

test('a sign-in without MFA is refused when MFA is required', async () => {
  await expectRefused(
    await answer({ ...READER, mfa: false }),
    'SsoNoMfa',
    'reader@college.edu',
    new RegExp(`^saml: without MFA: saml authn=${PASSWORD_CLASS} id=persistent NameID$`),
  );
});

test('an assertion for another audience, another Recipient, or expired is refused', async () => {
  await expectRefused(
    await answer({ ...READER, audience: 'https://other-sp.example/shibboleth' }),
    'SsoFailed',
    'anonymous',
    /^saml: wrong audience/,
  );
  await expectRefused(
    await answer({ ...READER, recipient: 'https://other-sp.example/Shibboleth.sso/SAML2/POST' }),
    'SsoFailed',
    'reader@college.edu',
    /^saml: the assertion's Recipient is not this ACS URL/,
  );
  // Ten minutes ago: beyond the three minutes of clock skew allowed.
  await expectRefused(await answer({ ...READER, lifetime: -600 }), 'SsoFailed', 'anonymous', /^saml: expired/);
});

test('a failed status from the identity provider is refused with its message', async () => {
  await expectRefused(
    await answer({ ...READER, fail: true }),
    'SsoFailed',
    'anonymous',
    /^saml: the identity provider did not sign them in \(SAML provider returned Responder error/,
  );
});

test('a post without a SAMLResponse is refused and audited', async () => {
  await expectRefused('', 'SsoFailed', 'anonymous', /^saml: no SAMLResponse$/);
});

test('the ACS takes a cross-site form post; other staff calls still follow the CSRF rule', async () => {
  const crossSite = await t.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    payload: { email: 'reader@college.edu', password: 'x', code: '000000' },
    headers: { ...json({}).headers, origin: idp.origin, 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.statusCode).toBe(403);
  expect(crossSite.json().code).toBe('CsrfRefused');
  const form = await t.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=reader%40college.edu',
  });
  expect(form.statusCode).toBe(403);
});

test('the metadata may come from a file; of several identity providers, STAFF_SAML_IDP_ENTITY_ID picks one', async () => {
  const xml = await (await fetch(idp.metadataUrl)).text();
  const other = xml.replace(`entityID="${idpEntityId}"`, 'entityID="https://idp.other.edu/idp/shibboleth"');
  const aggregate = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${other}${xml}</EntitiesDescriptor>`;
  await expect(parseIdpMetadata(aggregate)).rejects.toThrow(
    'the metadata has 2 identity providers: set STAFF_SAML_IDP_ENTITY_ID',
  );
  const picked = await parseIdpMetadata(aggregate, idpEntityId);
  expect(picked).toMatchObject({ entityId: idpEntityId, ssoUrl: `${idp.origin}/sso` });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-metadata-'));
  const file = path.join(dir, 'federation.xml');
  fs.writeFileSync(file, aggregate);
  await t.close();
  const env = samlEnv({
    STAFF_SAML_METADATA_URL: '',
    STAFF_SAML_METADATA_FILE: file,
    STAFF_SAML_IDP_ENTITY_ID: idpEntityId,
  });
  t = await makeApp({ publicUrl: PUBLIC_URL, staff: loadConfig(env).staff });
  await t.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
  expect((await acs(await answer(READER))).headers.location).toBe('/staff/applicants');
});

test('SAML is off without its settings: its routes answer 404 and the settings are checked', async () => {
  await t.close();
  t = await makeApp({ publicUrl: PUBLIC_URL });
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/config' })).json()).toMatchObject({ saml: false });
  expect((await t.app.inject({ method: 'GET', url: '/staff/api/saml/start' })).statusCode).toBe(404);
  expect(() => loadConfig({ STAFF_SAML_METADATA_URL: idp.metadataUrl })).toThrow(
    "SAML sign-in needs STAFF_SAML_SP_KEY and STAFF_SAML_SP_CERT (this service provider's own)",
  );
  expect(() => loadConfig(samlEnv({ STAFF_SAML_SP_CERT: sp.key }))).toThrow(
    'STAFF_SAML_SP_CERT must be a PEM certificate or the path of a file holding one',
  );
});
