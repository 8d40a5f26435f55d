import type { FastifyInstance } from 'fastify';
import {
  AccountParams,
  AccountsReply,
  AddAccountBody,
  EnrolFinishBody,
  EnrolStartBody,
  EnrolStartReply,
  MeReply,
  RoleBody,
  SignInBody,
  StaffConfigReply,
  type StaffShape,
} from '../../../../src/kernel/staff/contract';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { STAFF_PATHS } from '../../../../src/kernel/staff/paths';
import { AppError } from '../../http/errors';
import type { Gate } from '../audit/gate';
import { auditContext, currentStaff } from '../plugin';
import { clearStaffCookie, revokeStaffSession, setStaffCookie } from '../sessions';
import type { StaffSso } from './oidc';
import type { StaffAccounts } from './service';

/** The SSO flow's cookie: Lax, because the provider sends the browser back with a cross-site navigation. */
const SSO_FLOW_COOKIE = 'staff_sso_flow';
const SSO_PATH = '/staff/api/sso';

export function accountRoutes(
  scope: FastifyInstance,
  deps: {
    gate: Gate;
    accounts: StaffAccounts;
    sso?: StaffSso;
    ssoName: string;
    /** Set when SAML sign-in is (its button's words). */
    samlName?: string;
    redirectUri: string;
    timeZone: string;
    rateLimit: object;
  },
) {
  const { accounts, gate, sso } = deps;
  const from = (request: Parameters<typeof auditContext>[0]) => {
    const { ip, userAgent } = auditContext(request);
    return { ip, userAgent };
  };

  scope.get(
    '/config',
    { schema: { response: { 200: StaffConfigReply } }, config: { staff: { permission: 'anyone', audit: 'none' } } },
    async () => ({
      sso: Boolean(sso),
      ssoName: deps.ssoName,
      saml: deps.samlName !== undefined,
      samlName: deps.samlName ?? '',
      timeZone: deps.timeZone,
    }),
  );

  scope.get(
    '/me',
    { schema: { response: { 200: MeReply } }, config: { staff: { permission: 'console', audit: 'none' } } },
    async (request) => {
      const { email, role, via } = currentStaff(request);
      return { email, role, via };
    },
  );

  scope.post<{ Body: StaffShape<typeof SignInBody> }>(
    '/sign-in',
    {
      schema: { body: SignInBody },
      config: { staff: { permission: 'anyone', audit: 'sign-in' }, rateLimit: deps.rateLimit },
    },
    async (request, reply) => {
      const { token, email, role } = await accounts.signIn(request.body, from(request));
      setStaffCookie(request, reply, token);
      return { email, role, via: 'password' as const };
    },
  );

  scope.post(
    '/sign-out',
    { config: { staff: { permission: 'console', audit: 'sign-out' } } },
    async (request, reply) => {
      const staff = currentStaff(request);
      await revokeStaffSession(gate.own, staff.sessionHash);
      await gate.log.append({ ...auditContext(request), action: 'sign-out' });
      clearStaffCookie(request, reply);
      return { message: STAFF_MESSAGES.signedOut };
    },
  );

  scope.post<{ Body: StaffShape<typeof EnrolStartBody> }>(
    '/enrol/start',
    {
      schema: { body: EnrolStartBody, response: { 200: EnrolStartReply } },
      config: { staff: { permission: 'anyone', audit: 'none' }, rateLimit: deps.rateLimit },
    },
    async (request) => accounts.enrolStart(request.body.token),
  );

  scope.post<{ Body: StaffShape<typeof EnrolFinishBody> }>(
    '/enrol/finish',
    {
      schema: { body: EnrolFinishBody },
      config: { staff: { permission: 'anyone', audit: 'enrolled' }, rateLimit: deps.rateLimit },
    },
    async (request, reply) => {
      const { recoveryCodes, sessionToken, message } = await accounts.enrolFinish(request.body, from(request));
      setStaffCookie(request, reply, sessionToken);
      return { recoveryCodes, message };
    },
  );

  /* ---- Staff accounts (admins) ---- */

  scope.get(
    '/accounts',
    {
      schema: { response: { 200: AccountsReply } },
      config: { staff: { permission: 'staff-manage', audit: 'staff-listed' } },
    },
    async (request) => ({ accounts: await accounts.list(auditContext(request)) }),
  );

  scope.post<{ Body: StaffShape<typeof AddAccountBody> }>(
    '/accounts',
    { schema: { body: AddAccountBody }, config: { staff: { permission: 'staff-manage', audit: 'staff-added' } } },
    async (request, reply) => reply.status(201).send(await accounts.add(request.body, auditContext(request))),
  );

  scope.put<{ Params: StaffShape<typeof AccountParams>; Body: StaffShape<typeof RoleBody> }>(
    '/accounts/:id/role',
    {
      schema: { params: AccountParams, body: RoleBody },
      config: { staff: { permission: 'staff-manage', audit: 'staff-role-changed' } },
    },
    async (request) => {
      await accounts.setRole({ id: request.params.id }, request.body.role, auditContext(request));
      return { message: 'The role was changed. Their sessions have ended: they sign in again with the new role.' };
    },
  );

  scope.delete<{ Params: StaffShape<typeof AccountParams> }>(
    '/accounts/:id',
    { schema: { params: AccountParams }, config: { staff: { permission: 'staff-manage', audit: 'staff-removed' } } },
    async (request) => {
      await accounts.remove({ id: request.params.id }, auditContext(request));
      return { message: 'The staff account was removed and signed out.' };
    },
  );

  scope.delete<{ Params: StaffShape<typeof AccountParams> }>(
    '/accounts/:id/sso',
    { schema: { params: AccountParams }, config: { staff: { permission: 'staff-manage', audit: 'staff-sso-reset' } } },
    async (request) => {
      await accounts.resetSso({ id: request.params.id }, auditContext(request));
      return { message: STAFF_MESSAGES.ssoReset };
    },
  );

  /* ---- Single sign-on ---- */

  scope.get<{ Querystring: { returnTo?: string } }>(
    '/sso/start',
    { config: { staff: { permission: 'anyone', audit: 'none' }, rateLimit: deps.rateLimit } },
    async (request, reply) => {
      if (!sso) throw new AppError(404, STAFF_MESSAGES.ssoOff, 'NotFound');
      let started: Awaited<ReturnType<StaffSso['start']>>;
      try {
        // Where a signed-out link was going (the sign-in page passes it on); checked as it is stored.
        started = await sso.start(request.query.returnTo);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on provider unreachable');
        return reply.redirect(`${STAFF_PATHS.signIn}?error=SsoFailed`);
      }
      reply.setCookie(SSO_FLOW_COOKIE, started.flowId, {
        path: SSO_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 600,
      });
      return reply.redirect(started.url);
    },
  );

  /**
   * The provider sends the browser back here. Each refused callback leaves exactly one `sign-in-failed` row saying
   * why: the protocol's refusals (flow, state, nonce, PKCE, the provider's own ?error=, UserInfo, MFA) are written
   * here, the account's (email, binding) by ssoSignIn.
   */
  scope.get(
    '/sso/callback',
    { config: { staff: { permission: 'anyone', audit: 'sign-in' }, rateLimit: deps.rateLimit } },
    async (request, reply) => {
      if (!sso) throw new AppError(404, STAFF_MESSAGES.ssoOff, 'NotFound');
      reply.clearCookie(SSO_FLOW_COOKIE, { path: SSO_PATH });
      const refused = (error: AppError) =>
        reply.redirect(`${STAFF_PATHS.signIn}?error=${encodeURIComponent(error.code ?? 'SsoFailed')}`);
      let finished: Awaited<ReturnType<StaffSso['finish']>>;
      try {
        // The provider's answer on the redirect URI it was given (PUBLIC_URL's, not this request's Host).
        const callbackUrl = new URL(deps.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://localhost').search;
        finished = await sso.finish(callbackUrl, request.cookies[SSO_FLOW_COOKIE]);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await accounts.ssoRefusal(error, from(request));
        return refused(error);
      }
      try {
        const { token } = await accounts.ssoSignIn(finished.identity, from(request));
        setStaffCookie(request, reply, token);
        return reply.redirect(finished.returnTo);
      } catch (error) {
        // Already audited by ssoSignIn.
        if (!(error instanceof AppError)) throw error;
        return refused(error);
      }
    },
  );
}
