/**
 * The bare route's process (bareRoute.ts starts it): Fastify with nothing but `PUT /save`, which runs the statement
 * PUT /api/answer runs (dbRate.ts: prepared, the session checked in it on PostgreSQL) with the request's text as it
 * came and answers the new version. No hook, body check, JSON parse or security header: the least a save over HTTP
 * does.
 * The applicant is named by a cookie (`applicant=<n>`), so the load is the same as PUT /api/answer's, one applicant
 * per connection. Its database is set up as the statement alone's (dbRate.ts), in this process (as the server has
 * PGlite in its own).
 *
 * With `processes` above 1 (PostgreSQL, as many as the server runs: SERVER_PROCESSES), this process starts that many
 * with Node's cluster module, as the server's primary does, and relays the start and the stop: each serves the
 * route on the one port, on a schema of its own holding the same applicants.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { withSaveDatabase, type BenchDatabase } from './dbRate';

export interface BareRouteStart {
  database: BenchDatabase;
  answers: string;
  sessions: number;
  processes: number;
}

/** The primary of several: starts them, tells the bench their port, and stops them when told to. */
async function relay(start: BareRouteStart) {
  cluster.schedulingPolicy = cluster.SCHED_RR; // as server/src/processes.ts
  const workers: Worker[] = Array.from({ length: start.processes }, () => cluster.fork());
  const ports = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number>((resolve) => {
          worker.once('message', (message: { port: number }) => resolve(message.port));
          worker.send(start);
        }),
    ),
  );
  process.send!({ port: ports[0] }); // listen(0) in cluster workers: one port for all
  await new Promise((resolve) => process.once('message', resolve));
  await Promise.all(
    workers.map((worker) => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send('stop');
      return exited;
    }),
  );
  process.exit(0);
}

const APPLICANT_COOKIE = /(?:^|;\s*)applicant=(\d+)/;

process.once('message', async (start: BareRouteStart) => {
  if (cluster.isPrimary && start.processes > 1) return relay(start);
  const { database, answers, sessions } = start;
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
