import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { freePort } from '../../../testing/freePort';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

const PROVIDER = path.join(__dirname, '../../../testing/oidcProvider.ts');

/**
 * Starts testing/oidcProvider.ts (a real oidc-provider) for a relying party at `publicUrl`. `emailAtUserInfo`: the
 * email only at UserInfo, never in the ID token (oidc-provider's default, Entra ID's unless configured).
 */
export async function startOidcProvider(
  publicUrl: string,
  options: { emailAtUserInfo?: boolean } = {},
): Promise<TestProvider> {
  const port = await freePort();
  const clientId = 'admissions-staff';
  const clientSecret = 'a-client-secret-for-the-tests-only-0123456789';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', PROVIDER], {
    env: {
      ...process.env,
      OIDC_PORT: String(port),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: `${publicUrl}/staff/api/sso/callback`,
      OIDC_EMAIL_AT_USERINFO: options.emailAtUserInfo ? 'true' : 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.match(/ready (\S+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}):\n${output}`)));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** What is typed into the test provider's sign-in form (testing/oidcProvider.ts). */
export interface ProviderForm {
  email?: string;
  /** The provider's `sub`; by default the email as typed. */
  sub?: string;
  verified?: 'yes' | 'no' | 'absent';
  noEmail?: boolean;
  mfa?: boolean;
  /** UserInfo answers with this `sub` instead. */
  userInfoSub?: string;
  /** The person cancels: the provider answers access_denied. */
  cancel?: boolean;
}

/** The console's callback as the provider sent the browser to it: its path and query, and the flow's cookie. */
export interface ArrivingCallback {
  url: string;
  cookie: string;
}

const cookieOf = (response: LightMyRequestResponse) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/**
 * Clicks through as a browser would, up to the console's callback (not called): the console's start (with
 * `returnTo`) → the provider's sign-in form, filled in → consent (given by the provider) → the redirect back. The
 * provider's cookies are kept per name, in a jar of this sign-in's own (no provider session carried over).
 */
export async function ssoUpToCallback(
  app: FastifyInstance,
  publicUrl: string,
  form: ProviderForm,
  options: { returnTo?: string } = {},
): Promise<ArrivingCallback> {
  const query = options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`;
  const start = await app.inject({ method: 'GET', url: `/staff/api/sso/start${query}` });
  if (start.statusCode !== 302) throw new Error(`sso/start answered ${start.statusCode}`);
  const cookie = cookieOf(start);
  const jar = new Map<string, string>();
  let url = new URL(start.headers.location as string);
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(publicUrl)) return { url: url.pathname + url.search, cookie };
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    if (response.status === 200) {
      const html = await response.text();
      if (!html.includes('College sign-in')) throw new Error(`not the provider's sign-in form:\n${html}`);
      body = new URLSearchParams({
        email: form.email ?? '',
        sub: form.sub ?? '',
        verified: form.verified ?? 'yes',
        userInfoSub: form.userInfoSub ?? '',
        ...(form.noEmail ? { noEmail: 'yes' } : {}),
        ...(form.mfa ? { mfa: 'yes' } : {}),
        ...(form.cancel ? { cancel: 'yes' } : {}),
      }).toString();
      continue;
    }
    if (![302, 303].includes(response.status)) {
      throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    }
    url = new URL(response.headers.get('location')!, url);
  }
  throw new Error('the sign-in did not come back');
}

/** The console's answer to an arriving callback. */
export const callBack = (app: FastifyInstance, arriving: ArrivingCallback) =>
  app.inject({ method: 'GET', url: arriving.url, headers: arriving.cookie ? { cookie: arriving.cookie } : {} });

/** A whole single sign-on: the console's answer to the callback (302 to the page, or to the sign-in page's ?error=). */
export async function signInWithSso(
  app: FastifyInstance,
  publicUrl: string,
  form: ProviderForm,
  options: { returnTo?: string } = {},
) {
  return callBack(app, await ssoUpToCallback(app, publicUrl, form, options));
}
