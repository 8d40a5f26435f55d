import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { currentUser } from './gate';
import {
  ConfirmBody,
  Credentials,
  ResetPasswordBody,
  MailingBody,
  SignUpBody,
  type Shape,
} from '../../../src/kernel/api/contract';
import type { IdentityService } from './service';
import { clearSessionCookies, setSessionCookies } from './sessions';

/** /public account calls of SPEC §7 and GET /api/logout, in the applicants' scope (applicantApi.ts). */
export function identityRoutes(
  app: FastifyInstance,
  deps: { config: Config; identity: IdentityService; publicRateLimit: object },
) {
  const { config, identity } = deps;
  const limited = { rateLimit: deps.publicRateLimit, applicant: { who: 'public' } } as const;

  app.post<{ Body: Shape<typeof SignUpBody> }>(
    '/public/signup',
    { schema: { body: SignUpBody }, config: limited },
    async (request, reply) => reply.status(201).send(await identity.signUp(request.body)),
  );

  app.post<{ Body: Shape<typeof ConfirmBody> }>(
    '/public/confirm',
    { schema: { body: ConfirmBody }, config: limited },
    async (request) => identity.confirm(request.body),
  );

  app.post<{ Body: Shape<typeof MailingBody> }>(
    '/public/resend-confirm',
    { schema: { body: MailingBody }, config: limited },
    async (request) => identity.resendCode(request.body),
  );

  // Served in maintenance mode (serviceStatus/maintenance.ts): a session is not part of the application, and an
  // applicant may still sign in to read theirs; logging out (a GET) always works.
  app.post<{ Body: Shape<typeof Credentials> }>(
    '/public/login',
    { schema: { body: Credentials }, config: { ...limited, duringMaintenance: 'served' } },
    async (request, reply) => {
      const { token, loginCount, message } = await identity.logIn(request.body);
      setSessionCookies(request, reply, config, { token, loginCount });
      return { message };
    },
  );

  app.post<{ Body: Shape<typeof MailingBody> }>(
    '/public/forgot-password',
    { schema: { body: MailingBody }, config: limited },
    async (request) => identity.forgotPassword(request.body),
  );

  app.post<{ Body: Shape<typeof ResetPasswordBody> }>(
    '/public/reset-password',
    { schema: { body: ResetPasswordBody }, config: limited },
    async (request) => identity.resetPassword(request.body),
  );

  app.get('/api/logout', { config: { applicant: { who: 'user' } } }, async (request, reply) => {
    await identity.logOut(currentUser(request).sessionHash);
    clearSessionCookies(request, reply, config);
    return { message: 'You have been logged out.' };
  });
}
