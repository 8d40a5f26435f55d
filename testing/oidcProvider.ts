/**
 * A real OpenID Connect provider (oidc-provider, certified) for the tests of the staff's single sign-on, run as a
 * program of its own: `node --import tsx testing/oidcProvider.ts` with OIDC_PORT, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI; it prints "ready <issuer>" when it listens.
 *
 * By default the ID token carries email, email_verified, amr and acr, as many college providers send it. With
 * OIDC_EMAIL_AT_USERINFO=true it behaves as oidc-provider does out of the box (conformIdTokenClaims, OIDC Core
 * §5.4) and as Microsoft Entra ID does unless configured: the email is given only at the UserInfo endpoint.
 *
 * Its sign-in page is a plain form, so a test can be each kind of person a provider may answer for: the email to
 * sign in as; the subject (`sub`, by default the email as typed, so an email can change under one subject and one
 * email can come with another subject); whether the email is verified (yes, no, or not said); no email at all;
 * whether a second factor was used; a UserInfo answer naming another subject (a provider's mistake, or a token
 * swapped in); and Cancel, which answers the console with access_denied.
 */
import http from 'node:http';
import Provider, { type FindAccount } from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const issuer = `http://localhost:${port}`;
const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/** What the form said of the person, by subject: each sign-in sets it again. */
interface Person {
  email?: string;
  emailVerified?: boolean;
  /** UserInfo answers with this subject instead of the real one. */
  userInfoSubject?: string;
}
const people = new Map<string, Person>();

const findAccount: FindAccount = async (_ctx, sub, token) => {
  const person = people.get(sub) ?? {};
  const asked = token?.kind === 'AccessToken' && person.userInfoSubject ? person.userInfoSubject : sub;
  return {
    accountId: asked,
    claims: async () => ({
      sub: asked,
      ...(person.email === undefined ? {} : { email: person.email }),
      ...(person.emailVerified === undefined ? {} : { email_verified: person.emailVerified }),
    }),
  };
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID!,
      client_secret: process.env.OIDC_CLIENT_SECRET!,
      redirect_uris: [process.env.OIDC_REDIRECT_URI!],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  // acr and amr with the openid scope, so every ID token says how the person signed in.
  claims: { acr: null, amr: null, openid: ['sub', 'acr', 'amr'], email: ['email', 'email_verified'] },
  acrValues: [MFA_ACR, '0'],
  conformIdTokenClaims: process.env.OIDC_EMAIL_AT_USERINFO === 'true',
  findAccount,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
});

const page = (uid: string) => `<!doctype html><html lang="en"><head><title>College sign-in</title></head><body>
<main><h1>College sign-in</h1>
<form method="post" action="/interaction/${uid}">
<p><label for="email">College email</label> <input id="email" name="email" type="email"></p>
<p><label for="sub">Subject (sub)</label> <input id="sub" name="sub" aria-describedby="sub-hint">
<span id="sub-hint">Empty: the email as typed</span></p>
<p><label for="verified">Email verified</label> <select id="verified" name="verified">
<option value="yes">Yes</option><option value="no">No</option><option value="absent">Not said</option></select></p>
<p><label><input type="checkbox" name="noEmail" value="yes"> Send no email</label></p>
<p><label><input type="checkbox" name="mfa" value="yes"> I used my second factor</label></p>
<p><label for="userInfoSub">UserInfo subject</label> <input id="userInfoSub" name="userInfoSub"
aria-describedby="userinfo-hint"> <span id="userinfo-hint">Empty: the real one</span></p>
<button type="submit">Sign in</button> <button type="submit" name="cancel" value="yes">Cancel</button>
</form></main></body></html>`;

async function readForm(req: http.IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/** The consent a college's provider gives its own applications without asking. */
async function grantConsent(req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope('openid email');
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

/** The form's answer: who signed in (remembered by subject), or the person's refusal. */
async function signIn(req: http.IncomingMessage, res: http.ServerResponse) {
  const form = await readForm(req);
  if (form.get('cancel') === 'yes') {
    const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  const email = form.get('email') ?? '';
  const sub = form.get('sub') || email;
  const verified = form.get('verified') ?? 'yes';
  people.set(sub, {
    email: form.get('noEmail') === 'yes' ? undefined : email,
    emailVerified: verified === 'absent' ? undefined : verified === 'yes',
    userInfoSubject: form.get('userInfoSub') || undefined,
  });
  const mfa = form.get('mfa') === 'yes';
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: sub, amr: mfa ? ['pwd', 'otp'] : ['pwd'], acr: mfa ? MFA_ACR : '0' } },
    { mergeWithLastSubmission: false },
  );
}

const callback = provider.callback();
http
  .createServer(async (req, res) => {
    const match = req.url?.match(/^\/interaction\/([^/?]+)/);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'consent') return await grantConsent(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(match[1]));
        return;
      }
      await signIn(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));
