import Fastify from 'fastify';
import { registerCounselorGate } from '../../src/counselor/gate';
import type { CounselorDesk } from '../../src/schoolReport/counselorDesk';

/** The counselor's gate (counselor/gate.ts), alone: what a route must declare to boot, and a token it needs. */
const desk = {
  open: async (token: string | undefined) => {
    if (token !== 'good-token') throw Object.assign(new Error('This link no longer works.'), { statusCode: 410 });
    return { id: '7', user_id: '3' };
  },
} as unknown as CounselorDesk;

async function gatedApp(routes: (scope: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(async (scope) => {
    registerCounselorGate(scope, desk);
    routes(scope as unknown as ReturnType<typeof Fastify>);
  });
  await app.ready();
  return app;
}

test('a counselor route that does not declare who may call it does not boot', async () => {
  await expect(gatedApp((scope) => scope.get('/request', async () => 'x'))).rejects.toThrow(
    'Counselor route GET /request must declare config.counselor { who, audit }',
  );
});

test('a declared route answers only with a live token in its header, never cached', async () => {
  const app = await gatedApp((scope) =>
    scope.get(
      '/request',
      { config: { counselor: { who: 'link', audit: 'viewed' } } },
      async (request: { counselor: { id: string } | null }) => ({
        request: request.counselor?.id,
      }),
    ),
  );
  const good = await app.inject({ method: 'GET', url: '/request', headers: { 'x-counselor-token': 'good-token' } });
  expect(good.json()).toEqual({ request: '7' });
  expect(good.headers['cache-control']).toBe('no-store');
  const bad = await app.inject({ method: 'GET', url: '/request', headers: { 'x-counselor-token': 'guess' } });
  expect(bad.statusCode).toBe(410);
  // The token only counts in its header: in the query string (where it would be logged) it is not read.
  expect((await app.inject({ method: 'GET', url: '/request?t=good-token' })).statusCode).toBe(410);
  await app.close();
});
