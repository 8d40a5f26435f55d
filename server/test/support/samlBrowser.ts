import { cookieHeader, type TestApp } from '../helpers';
import type { TestIdp } from './samlTestIdp';

/** What the test IdP's sign-in form is given (testing/samlIdp.ts): who, how, and its test switches. */
export interface IdpChoices {
  eppn: string;
  mail: string;
  /** A persistent NameID (default), or a transient one. */
  persistent?: boolean;
  mfa?: boolean;
  unsigned?: boolean;
  encrypt?: boolean;
  audience?: string;
  recipient?: string;
  lifetime?: number;
  fail?: boolean;
}

/** Each answer's browser: the flow cookie its start set (what the finish after the ACS is sent with). */
const flowCookies = new Map<string, string>();

const hidden = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';

/**
 * What a browser does up to the ACS: the console's start (its redirect to the IdP with a signed AuthnRequest), the
 * IdP's form filled in and sent, and the SAMLResponse of the page the IdP answers with (which posts it to the ACS).
 */
export async function samlAnswer(
  t: TestApp,
  idp: TestIdp,
  choices: IdpChoices,
  returnTo = '/staff/applicants',
): Promise<string> {
  const start = await t.app.inject({
    method: 'GET',
    url: `/staff/api/saml/start?returnTo=${encodeURIComponent(returnTo)}`,
  });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const flowCookie = cookieHeader(start);
  const location = new URL(String(start.headers.location));
  if (location.origin !== idp.origin || !location.searchParams.get('Signature')) {
    throw new Error(`start did not send a signed request to the IdP: ${location.href}`);
  }
  const page = await fetch(location);
  const form = await page.text();
  if (page.status !== 200) throw new Error(`the IdP refused the request (${page.status}): ${form}`);
  const flag = (on: boolean | undefined, name: string): Record<string, string> => (on ? { [name]: 'yes' } : {});
  const answer = await fetch(`${idp.origin}/sso`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      id: hidden(form, 'id'),
      RelayState: hidden(form, 'RelayState'),
      eppn: choices.eppn,
      mail: choices.mail,
      ...flag(choices.persistent !== false, 'persistent'),
      ...flag(choices.mfa, 'mfa'),
      ...flag(choices.unsigned, 'unsigned'),
      ...flag(choices.encrypt, 'encrypt'),
      ...flag(choices.fail, 'fail'),
      ...(choices.audience ? { audience: choices.audience } : {}),
      ...(choices.recipient ? { recipient: choices.recipient } : {}),
      ...(choices.lifetime !== undefined ? { lifetime: String(choices.lifetime) } : {}),
    }).toString(),
  });
  const posting = await answer.text();
  const samlResponse = hidden(posting, 'SAMLResponse');
  if (!samlResponse) throw new Error(`the IdP gave no SAMLResponse (${answer.status}): ${posting}`);
  flowCookies.set(samlResponse, flowCookie);
  return samlResponse;
}

/** The IdP's page posting the answer to the ACS: a form post from another site, as a browser sends it. */
export function postToAcsOnly(t: TestApp, idp: TestIdp, samlResponse: string) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/api/saml/acs',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: idp.origin,
      'sec-fetch-site': 'cross-site',
    },
    payload: new URLSearchParams(samlResponse ? { SAMLResponse: samlResponse } : {}).toString(),
  });
}

/**
 * The ACS post, and, when the ACS hands over (303 to the finish), the browser's same-site GET there with its flow
 * cookie: the answer that signs in or refuses.
 */
export async function postToAcs(t: TestApp, idp: TestIdp, samlResponse: string) {
  const acs = await postToAcsOnly(t, idp, samlResponse);
  const location = String(acs.headers.location ?? '');
  if (acs.statusCode !== 303 || !location.startsWith('/staff/api/saml/finish?')) return acs;
  const cookie = flowCookies.get(samlResponse) ?? '';
  return t.app.inject({ method: 'GET', url: location, headers: cookie ? { cookie } : {} });
}
