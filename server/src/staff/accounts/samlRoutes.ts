import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../../../../src/kernel/auth/rules';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { safeStaffReturnTo, STAFF_API, STAFF_PATHS } from '../../../../src/kernel/staff/paths';
import { AppError } from '../../http/errors';
import type { Gate } from '../audit/gate';
import { auditContext } from '../plugin';
import { setStaffCookie } from '../sessions';
import { SAML_PATHS, samlRefused, type StaffSaml } from './saml';
import type { StaffAccounts } from './service';

/**
 * The paths that take a cross-site form POST (app.ts exempts them from the JSON-from-this-origin CSRF rule): the ACS,
 * where the identity provider's page posts the browser's answer (SAML HTTP-POST binding). It is protected instead by
 * what it accepts: an assertion signed by the identity provider, for this service provider, answering a request this
 * server sent for this sign-in and not answered before.
 */
export const SAML_CROSS_SITE_POSTS = [SAML_PATHS.acs];

/** A SAMLResponse is a few kilobytes (an encrypted assertion with its certificates, under 20 KB): room to spare. */
const ACS_BODY_LIMIT = 256 * 1024;
const noSaml = () => new AppError(404, STAFF_MESSAGES.ssoOff, 'NotFound');
const toSignIn = (code: string) => `${STAFF_PATHS.signIn}?error=${encodeURIComponent(code)}`;
/** The scope is registered under /staff/api; SAML_PATHS are full paths (what the IdP and the docs see). */
const inScope = (fullPath: string) => fullPath.slice(STAFF_API.length);
const NONE = { permission: 'anyone', audit: 'none' } as const;
/**
 * The browser's half of a SAML sign-in, from the start to the finish (not the ACS: a cross-site POST does not carry a
 * Lax cookie; the finish, a top-level GET, does): only the browser that started may finish.
 */
const SAML_FLOW_COOKIE = 'staff_saml_flow';
const SAML_COOKIE_PATH = `${STAFF_API}/saml`;

/** SAML 2.0 sign-in's three routes under /staff/api/saml, in a scope of their own (its form body parser). */
export async function samlRoutes(
  scope: FastifyInstance,
  deps: { gate: Gate; accounts: StaffAccounts; saml?: StaffSaml; rateLimit: object },
) {
  const { gate, accounts, saml } = deps;
  const from = (request: FastifyRequest) => {
    const { ip, userAgent } = auditContext(request);
    return { ip, userAgent };
  };
  /** A refusal before the accounts service (which audits its own): one sign-in-failed row with why. */
  const auditRefusal = (request: FastifyRequest, refusal: AppError) =>
    gate.log.append({
      ...from(request),
      actor: normaliseEmail(String(refusal.extra?.email ?? '')).slice(0, 254) || 'anonymous',
      action: 'sign-in-failed',
      detail: `saml: ${String(refusal.extra?.reason ?? refusal.code)}`.slice(0, 1000),
    });
  const refused = (reply: FastifyReply, error: AppError) => reply.redirect(toSignIn(error.code ?? 'SsoFailed'), 303);

  await scope.register(async (routes) => {
    // The HTTP-POST binding's body: in this scope only (everywhere else a state-changing body is JSON).
    routes.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    routes.get(inScope(SAML_PATHS.metadata), { config: { staff: NONE } }, async (_request, reply) => {
      if (!saml) throw noSaml();
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(saml.metadata());
    });

    routes.get<{ Querystring: { returnTo?: string } }>(
      inScope(SAML_PATHS.start),
      { config: { staff: NONE, rateLimit: deps.rateLimit } },
      async (request, reply) => {
        if (!saml) throw noSaml();
        try {
          const { url, browserKey } = await saml.start(safeStaffReturnTo(request.query.returnTo));
          reply.setCookie(SAML_FLOW_COOKIE, browserKey, {
            path: SAML_COOKIE_PATH,
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            maxAge: 600,
          });
          return reply.redirect(url);
        } catch (error) {
          request.log.warn({ err: error }, 'SAML identity provider metadata unreadable');
          await auditRefusal(
            request,
            samlRefused('SsoFailed', `the identity provider's metadata could not be read: ${String(error)}`),
          );
          return reply.redirect(toSignIn('SsoFailed'));
        }
      },
    );

    routes.post<{ Body: { SAMLResponse?: unknown } | undefined }>(
      inScope(SAML_PATHS.acs),
      {
        bodyLimit: ACS_BODY_LIMIT,
        config: { staff: { permission: 'anyone', audit: 'sign-in' }, rateLimit: deps.rateLimit },
      },
      async (request, reply) => {
        if (!saml) throw noSaml();
        let finished: Awaited<ReturnType<StaffSaml['finish']>>;
        try {
          finished = await saml.finish(request.body?.SAMLResponse);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await auditRefusal(request, error);
          return refused(reply, error);
        }
        const ticket = await saml.handOver(finished.requestId, finished.identity);
        // 303: the browser follows with a GET, same-site, which its flow cookie reaches.
        return reply.redirect(`${SAML_PATHS.finish}?ticket=${encodeURIComponent(ticket)}`, 303);
      },
    );

    routes.get<{ Querystring: { ticket?: string } }>(
      inScope(SAML_PATHS.finish),
      { config: { staff: { permission: 'anyone', audit: 'sign-in' }, rateLimit: deps.rateLimit } },
      async (request, reply) => {
        if (!saml) throw noSaml();
        const browserKey = request.cookies[SAML_FLOW_COOKIE];
        reply.clearCookie(SAML_FLOW_COOKIE, { path: SAML_COOKIE_PATH });
        let collected: Awaited<ReturnType<StaffSaml['collect']>>;
        try {
          collected = await saml.collect(request.query.ticket, browserKey);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await auditRefusal(request, error);
          return refused(reply, error);
        }
        try {
          const { token } = await accounts.ssoSignIn(collected.identity, from(request));
          setStaffCookie(request, reply, token);
          return reply.redirect(collected.returnTo, 303);
        } catch (error) {
          // Already audited by ssoSignIn.
          if (!(error instanceof AppError)) throw error;
          return refused(reply, error);
        }
      },
    );
  });
}
