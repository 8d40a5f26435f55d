import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { requireUser, currentUser } from '../http/auth';
import { EMAIL_MAX, objectOf, PASSWORD_MAX, str } from '../http/schemas';
import type { IdentityService } from './service';
import { clearSessionCookies, revokeSession, setSessionCookies } from './sessions';

const username = str(EMAIL_MAX);
const password = str(PASSWORD_MAX);

/** /public account calls of SPEC §7 and GET /api/logout. */
export function identityRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; identity: IdentityService; publicRateLimit: object },
) {
  const { db, config, identity } = deps;
  const limited = { rateLimit: deps.publicRateLimit };

  app.post<{ Body: { username: string; password: string } }>(
    '/public/signup',
    { schema: { body: objectOf({ username, password }) }, config: limited },
    async (request, reply) => reply.status(201).send(await identity.signUp(request.body)),
  );

  app.post<{ Body: { username: string; code: string } }>(
    '/public/confirm',
    { schema: { body: objectOf({ username, code: str(6, { pattern: '^[0-9]{6}$' }) }) }, config: limited },
    async (request) => identity.confirm(request.body),
  );

  app.post<{ Body: { username: string } }>(
    '/public/resend-confirm',
    { schema: { body: objectOf({ username }) }, config: limited },
    async (request) => identity.resendCode(request.body),
  );

  app.post<{ Body: { username: string; password: string } }>(
    '/public/login',
    { schema: { body: objectOf({ username, password }) }, config: limited },
    async (request, reply) => {
      const { token, loginCount, message } = await identity.logIn(request.body);
      setSessionCookies(request, reply, config, { token, loginCount });
      return { message };
    },
  );

  app.post<{ Body: { username: string } }>(
    '/public/forgot-password',
    { schema: { body: objectOf({ username }) }, config: limited },
    async (request) => identity.forgotPassword(request.body),
  );

  app.post<{ Body: { username: string; password: string; confirm_password: string; id: string } }>(
    '/public/reset-password',
    {
      schema: { body: objectOf({ username, password, confirm_password: password, id: str(200) }) },
      config: limited,
    },
    async (request) => identity.resetPassword(request.body),
  );

  app.get('/api/logout', { onRequest: requireUser(db, config) }, async (request, reply) => {
    await revokeSession(db, currentUser(request).sessionHash);
    clearSessionCookies(request, reply, config);
    return { message: 'You have been logged out.' };
  });
}
