/**
 * A real SAML 2.0 identity provider (Auth0's samlp) for the tests of the staff's SAML sign-in, run as a program of
 * its own: `node --import tsx testing/samlIdp.ts` with SAML_IDP_PORT, SAML_SP_ENTITY_ID, SAML_SP_ACS_URL and
 * SAML_SP_CERT (the service provider's certificate file: its signed AuthnRequests are checked with it, and assertions
 * encrypted to it when asked). It listens on 127.0.0.1 (another site than the console's localhost, as a campus IdP
 * is), makes its own key and certificate, serves its metadata at /metadata and prints "ready <metadata URL>".
 *
 * Its sign-in page (GET /sso, HTTP-Redirect binding) is a plain form: who signs in (eduPersonPrincipalName, mail,
 * a persistent NameID or a transient one), whether a second factor was used (AuthnContextClassRef REFEDS MFA or
 * PasswordProtectedTransport), and test switches a real IdP would not offer: an unsigned assertion, another
 * audience or Recipient, an assertion already expired, an encrypted one, or a failed status. The answer is the
 * usual self-posting form to the ACS (HTTP-POST binding), with a Continue button.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import samlp from 'samlp';
import { selfSignedKeyPair } from './samlKeys';

const port = Number(process.env.SAML_IDP_PORT);
const origin = `http://127.0.0.1:${port}`;
const entityId = `${origin}/idp`;
const spEntityId = process.env.SAML_SP_ENTITY_ID!;
const acsUrl = process.env.SAML_SP_ACS_URL!;
const spCert = fs.readFileSync(process.env.SAML_SP_CERT!, 'utf8');
const { key, cert } = selfSignedKeyPair('Test campus IdP');

const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const MFA = 'https://refeds.org/profile/mfa';
const PASSWORD = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface User {
  eppn: string;
  mail: string;
  persistent: boolean;
}

/** Claims as a Shibboleth IdP releases them (attribute names are OIDs), and the NameID it would give. */
function profileMapper(user: User) {
  return {
    getClaims: () => ({ ...(user.eppn ? { [EPPN]: user.eppn } : {}), ...(user.mail ? { [MAIL]: user.mail } : {}) }),
    getNameIdentifier: () =>
      user.persistent
        ? {
            // Opaque and stable per person and service provider, as Shibboleth's stored or computed ids are.
            nameIdentifier: crypto.createHash('sha256').update(`${spEntityId}!${user.eppn}`).digest('base64'),
            nameIdentifierFormat: PERSISTENT,
          }
        : { nameIdentifier: `_${crypto.randomBytes(16).toString('hex')}`, nameIdentifierFormat: TRANSIENT },
  };
}
profileMapper.prototype.metadata = [
  { id: EPPN, displayName: 'eduPersonPrincipalName' },
  { id: MAIL, displayName: 'mail' },
];

const signInPage = (request: { id: string; relayState: string; askedMfa: boolean }) => `<!doctype html>
<html lang="en"><head><title>Campus sign-in</title></head><body><main><h1>Campus sign-in</h1>
<form method="post" action="/sso">
<input type="hidden" name="id" value="${escape(request.id)}">
<input type="hidden" name="RelayState" value="${escape(request.relayState)}">
<p><label for="eppn">eduPersonPrincipalName</label> <input id="eppn" name="eppn"></p>
<p><label for="mail">Email (mail)</label> <input id="mail" name="mail" type="email"></p>
<p><label><input type="checkbox" name="persistent" value="yes" checked> Persistent NameID</label></p>
<p><label><input type="checkbox" name="mfa" value="yes"${request.askedMfa ? ' checked' : ''}> I used my second factor</label></p>
<fieldset><legend>Test switches</legend>
<p><label><input type="checkbox" name="unsigned" value="yes"> Do not sign the assertion</label></p>
<p><label><input type="checkbox" name="encrypt" value="yes"> Encrypt the assertion</label></p>
<p><label for="audience">Audience</label> <input id="audience" name="audience" value="${escape(spEntityId)}"></p>
<p><label for="recipient">Recipient</label> <input id="recipient" name="recipient" value="${escape(acsUrl)}"></p>
<p><label for="lifetime">Lifetime in seconds</label> <input id="lifetime" name="lifetime" value="300"></p>
<p><label><input type="checkbox" name="fail" value="yes"> Answer with a failed status</label></p>
</fieldset>
<button type="submit">Sign in</button>
</form></main></body></html>`;

const postPage = (samlResponse: string, relayState: string) => `<!doctype html>
<html lang="en"><head><title>Signing you in</title></head><body><main><h1>Signing you in</h1>
<form method="post" action="${escape(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}">
${relayState ? `<input type="hidden" name="RelayState" value="${escape(relayState)}">` : ''}
<button type="submit">Continue</button>
</form><script>document.forms[0].submit()</script></main></body></html>`;

/** samlp is Express middleware: the little of Express's response it uses. */
function expressLike(res: http.ServerResponse) {
  return Object.assign(res, {
    set: (name: string, value: string) => void res.setHeader(name, value),
    send: (body: unknown) => void res.end(String(body)),
  });
}

async function readForm(req: http.IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/** GET /sso: the service provider's signed AuthnRequest is checked, then the sign-in form is shown. */
function showSignIn(url: URL, res: http.ServerResponse) {
  const query = Object.fromEntries(url.searchParams);
  samlp.parseRequest({ query }, { signingCert: spCert, relayState: query.RelayState }, (error, request) => {
    if (error || !request?.id) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad AuthnRequest: ${String(error ?? 'none')}`);
      return;
    }
    if (request.issuer !== spEntityId || (request.assertionConsumerServiceURL ?? acsUrl) !== acsUrl) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('This service provider is not registered here.');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      signInPage({
        id: request.id,
        relayState: query.RelayState ?? '',
        askedMfa: request.requestedAuthnContext?.authnContextClassRef === MFA,
      }),
    );
  });
}

/** POST /sso: the assertion (or a failed status) for the form's choices, posted back to the ACS by the browser. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const form = await readForm(req);
  const relayState = form.get('RelayState') ?? '';
  const common = {
    issuer: entityId,
    cert,
    key,
    inResponseTo: form.get('id') ?? undefined,
    destination: acsUrl,
  };
  const send = (samlResponse: string) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(postPage(samlResponse, relayState));
  if (form.get('fail') === 'yes') {
    // samlp renders its own posting form: its SAMLResponse goes into this one.
    const reply = Object.assign(expressLike(res), {
      send: (body: unknown) => send(String(body).match(/name="SAMLResponse"\s+value="([^"]+)"/)?.[1] ?? ''),
    });
    samlp.sendError({
      ...common,
      error: { description: 'The user cancelled the sign-in.' },
      getPostURL: (_request, callback) => callback(null, acsUrl),
    })({}, reply, () => undefined);
    return;
  }
  const user: User = {
    eppn: form.get('eppn') ?? '',
    mail: form.get('mail') ?? '',
    persistent: form.get('persistent') === 'yes',
  };
  samlp.getSamlResponse(
    {
      ...common,
      audience: form.get('audience') || spEntityId,
      recipient: form.get('recipient') || acsUrl,
      lifetimeInSeconds: Number(form.get('lifetime') || 300),
      authnContextClassRef: form.get('mfa') === 'yes' ? MFA : PASSWORD,
      signAssertion: form.get('unsigned') !== 'yes',
      profileMapper,
      ...(form.get('encrypt') === 'yes'
        ? {
            encryptionCert: spCert,
            encryptionPublicKey: String(crypto.createPublicKey(spCert).export({ type: 'spki', format: 'pem' })),
          }
        : {}),
    },
    user,
    (error, samlResponse) => {
      if (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        return;
      }
      send(Buffer.from(samlResponse!).toString('base64'));
    },
  );
}

const metadata = samlp.metadata({
  issuer: entityId,
  cert,
  profileMapper,
  redirectEndpointPath: '/sso',
  postEndpointPath: '/sso',
});

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    try {
      if (req.method === 'GET' && url.pathname === '/metadata') {
        metadata({ headers: req.headers, protocol: 'http', originalUrl: url.pathname }, expressLike(res));
        return;
      }
      if (url.pathname === '/sso' && req.method === 'GET') return showSignIn(url, res);
      if (url.pathname === '/sso' && req.method === 'POST') {
        answer(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${origin}/metadata`));
