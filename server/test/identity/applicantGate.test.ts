import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { applicantSessions, refuseUngatedApiRoutes, registerApplicantGate } from '../../src/identity/gate';

/**
 * The applicants' gate (identity/gate.ts), alone: what a route must declare to boot. The per-user authorization of
 * the real routes is authorization.test.ts's.
 */
const config = loadConfig({}, { staticDir: '/nonexistent' });
// No session is ever looked up here: the requests carry no cookie, which the gate refuses before any query.
const db = { kind: 'postgres' } as Db;

async function gatedApp(routes: (scope: FastifyInstance) => void) {
  const app = Fastify();
  await app.register(fastifyCookie);
  refuseUngatedApiRoutes(app);
  await app.register(async (scope) => {
    registerApplicantGate(scope, { db, config, sessions: applicantSessions(db, config) });
    routes(scope);
  });
  return app;
}

test('an applicant route that does not declare who may call it does not boot', async () => {
  await expect(gatedApp((scope) => scope.get('/api/forgot', async () => 'x'))).rejects.toThrow(
    "Applicant route GET /api/forgot must declare config.applicant { who: 'user' | 'public' }",
  );
});

test('an /api route outside the applicants’ scope does not boot', async () => {
  const app = Fastify();
  refuseUngatedApiRoutes(app);
  await expect(
    app.register(async (elsewhere) => {
      elsewhere.get('/api/elsewhere', { config: { applicant: { who: 'public' } } }, async () => 'x');
    }),
  ).rejects.toThrow("Applicant route GET /api/elsewhere must be registered in the applicants' scope");
});

test('a declared route boots: a user route refuses a caller with no session, a public one answers', async () => {
  const app = await gatedApp((scope) => {
    scope.get('/api/own', { config: { applicant: { who: 'user' } } }, async () => 'own');
    scope.get('/public/open', { config: { applicant: { who: 'public' } } }, async () => 'open');
  });
  expect((await app.inject('/api/own')).statusCode).toBe(401);
  expect((await app.inject('/public/open')).body).toBe('open');
  await app.close();
});
