/**
 * A real OpenID Connect provider (oidc-provider, certified) for the tests of the staff's single sign-on, run as a
 * program of its own: `node --import tsx testing/oidcProvider.ts` with OIDC_PORT, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET and OIDC_REDIRECT_URI; it prints "ready <issuer>" when it listens. Its sign-in page is a plain
 * form: the email to sign in as, and whether a second factor was used (so a test can be refused for no MFA). The
 * ID token carries email, amr and acr as a college's provider would.
 */
import http from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const issuer = `http://localhost:${port}`;
const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

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
  // The email in the ID token itself (the relying party reads no userinfo).
  conformIdTokenClaims: false,
  findAccount: async (_ctx, sub) => ({
    accountId: sub,
    claims: async () => ({ sub, email: sub, email_verified: true }),
  }),
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
});

const page = (uid: string) => `<!doctype html><html lang="en"><head><title>College sign-in</title></head><body>
<main><h1>College sign-in</h1>
<form method="post" action="/interaction/${uid}">
<label for="email">College email</label> <input id="email" name="email" type="email" required>
<label><input type="checkbox" name="mfa" value="yes"> I used my second factor</label>
<button type="submit">Sign in</button>
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
      const form = await readForm(req);
      const mfa = form.get('mfa') === 'yes';
      await provider.interactionFinished(
        req,
        res,
        {
          login: {
            accountId: String(form.get('email')),
            amr: mfa ? ['pwd', 'otp'] : ['pwd'],
            acr: mfa ? MFA_ACR : '0',
          },
        },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));
