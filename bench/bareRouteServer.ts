/**
 * The bare route's process (bareRoute.ts starts it): Fastify with nothing but `PUT /save`, which runs the statement
 * PUT /api/answer runs (dbRate.ts: prepared, the session checked in it on PostgreSQL) with the request's text as it
 * came and answers the new version. No hook, body check, JSON parse or security header: the least a save over HTTP
 * does.
 * The applicant is named by a cookie (`applicant=<n>`), so the load is the same as PUT /api/answer's, one applicant
 * per connection. Its database is set up as the statement alone's (dbRate.ts), in this process (as the server has
 * PGlite in its own).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { withSaveDatabase, type BenchDatabase } from './dbRate';

export interface BareRouteStart {
  database: BenchDatabase;
  answers: string;
  sessions: number;
}

const APPLICANT_COOKIE = /(?:^|;\s*)applicant=(\d+)/;

process.once('message', async ({ database, answers, sessions }: BareRouteStart) => {
  await withSaveDatabase(database, answers, sessions, async (save) => {
    const app = Fastify();
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.put<{ Body: string }>('/save', async (request, reply) => {
      const n = Number(APPLICANT_COOKIE.exec(request.headers.cookie ?? '')?.[1]);
      const version = await save(n % sessions, request.body);
      if (version === undefined) return reply.code(409).send({ message: 'Not saved.' });
      return { message: 'Saved.', version };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send!({ port: (app.server.address() as AddressInfo).port });
    await new Promise((resolve) => process.once('message', resolve));
    await app.close();
  });
  process.exit(0);
});
