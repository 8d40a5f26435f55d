import { loadConfig } from '../../src/config';
import { selfSignedKeyPair } from '../../../testing/samlKeys';
import { cookieHeader, type TestApp } from '../helpers';
import { asStaff, auditRows } from './helpers';
import { startInstances, stopInstances } from '../support/instances';
import { postToAcs, samlAnswer, type IdpChoices } from '../support/samlBrowser';
import { startSamlIdp, type TestIdp } from '../support/samlTestIdp';

/**
 * SAML sign-in on two instances of one real PostgreSQL database: the request sent by one is answered at the other
 * (the outstanding request ids are in the database), and a replay is refused whichever instance it reaches.
 */
const PUBLIC_URL = 'http://localhost:39412';
const READER: IdpChoices = { eppn: 'jreader@college.edu', mail: 'reader@college.edu', mfa: true };

let idp: TestIdp;
let a: TestApp;
let b: TestApp;
let instances: TestApp[];

beforeAll(async () => {
  const sp = selfSignedKeyPair('Admissions staff console (tests)');
  idp = await startSamlIdp(PUBLIC_URL, sp.certFile);
  const { staff } = loadConfig({
    STAFF_SAML_METADATA_URL: idp.metadataUrl,
    STAFF_SAML_SP_KEY: sp.keyFile,
    STAFF_SAML_SP_CERT: sp.certFile,
    STAFF_SAML_REQUIRE_MFA: 'true',
  });
  instances = await startInstances(2, { publicUrl: PUBLIC_URL, staff });
  [a, b] = instances;
  await a.app.staff.accounts.add({ email: 'reader@college.edu', role: 'reader' }, { actor: 'cli' });
});
afterAll(async () => {
  await stopInstances(instances);
  await idp.stop();
});

it('a request sent by one instance is answered at the other; replayed at either, it is refused', async () => {
  const samlResponse = await samlAnswer(a, idp, READER, '/staff/applicants');
  const signedIn = await postToAcs(b, idp, samlResponse);
  expect(signedIn.headers.location).toBe('/staff/applicants');
  const me = await a.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(cookieHeader(signedIn)) });
  expect(me.json()).toEqual({ email: 'reader@college.edu', role: 'reader', via: 'sso' });

  for (const instance of [a, b]) {
    const replayed = await postToAcs(instance, idp, samlResponse);
    expect(replayed.headers.location).toBe('/staff/sign-in?error=SsoFailed');
  }
  const failed = (await auditRows(a)).filter((row) => row.action === 'sign-in-failed');
  expect(failed.map((row) => row.detail)).toEqual([
    'saml: replayed: the request it answers was already answered',
    'saml: replayed: the request it answers was already answered',
  ]);
});

it('the same answer posted to both instances at once signs in once', async () => {
  const samlResponse = await samlAnswer(b, idp, READER);
  const replies = await Promise.all([postToAcs(a, idp, samlResponse), postToAcs(b, idp, samlResponse)]);
  expect(replies.map((reply) => reply.headers.location).sort()).toEqual([
    '/staff/applicants',
    '/staff/sign-in?error=SsoFailed',
  ]);
  const { rows } = await a.app.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM staff_saml_assertions`);
  expect(rows[0].n).toBe('2');
});
