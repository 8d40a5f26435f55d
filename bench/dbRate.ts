/**
 * The database's own rate for the statement a save runs (issue "Benchmarks: budgets against the real limit"): the
 * statement PUT /api/answer runs on the common path (server/src/answers/service.ts: SAVE_ANSWERS_SQL on PGlite,
 * whose sessions are cached in memory; SAVE_ANSWERS_FOR_SESSION_SQL on PostgreSQL, which checks the session in the
 * same statement), called through the answer service as the route calls it, on the server's own database client
 * (openDb: PGlite on files as the server has it, in its thread, or a pg pool on PostgreSQL), with the same answer
 * map, the same number of concurrent callers and no HTTP. PUT /api/answer's req/s is then reported as a share of this
 * rate: how close a save is to what the database can do, which the trivial-route ceiling could not say. server.ts
 * runs it in rounds, interleaved with PUT /api/answer and the bare route.
 *
 * PGlite serves one process, and the server of the run holds its own files: this opens the same engine on files of
 * its own, with as many applicants holding the same answers (and a session each). On PostgreSQL it is the same
 * server and a schema of its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { loadConfig } from '../server/src/config';
import { createAnswerService } from '../server/src/answers/service';
import { openDb } from '../server/src/db/client';
import { sessionCheckedInStatement, sessionLimits } from '../server/src/identity/sessions';
import type { AnswerMap } from '../src/kernel/form/requiredAnswers';
import { migrate } from '../server/src/db/migrate';
import { makeDataDir } from './appServer';
import { percentile, round } from './common';

/** The two databases the server runs on, as the report names them. */
export type BenchDatabase = 'PGlite' | 'PostgreSQL';

export interface StatementRate {
  connections: number;
  seconds: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Saves applicant `n`'s answers (`json`) with the statement PUT /api/answer runs; the new version, if it saved. */
export type SaveStatement = (n: number, json: string) => Promise<number | undefined>;

/**
 * The statement alone for `seconds`: `connections` callers, each saving its own applicant's answers (`json`) back to
 * back, applicants 0 to `applicants` − 1.
 */
export async function measureStatement(
  save: SaveStatement,
  applicants: number,
  json: string,
  connections: number,
  seconds: number,
): Promise<StatementRate> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < until) {
        const start = performance.now();
        try {
          if ((await save(i % applicants, json)) === undefined) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  return {
    connections,
    seconds,
    perSec: round(latencies.length / seconds, 0),
    p50Ms: round(percentile(latencies, 0.5), 2),
    p99Ms: round(percentile(latencies, 0.99), 2),
    errors,
  };
}

/**
 * A database set up as the server's (migrated), on files of its own (PGlite: the run's server holds its own) or in a
 * schema of its own (PostgreSQL), with `sessions` applicants each holding `answers` and a session: `fn` gets the
 * statement a save runs there (applicants 0 to sessions − 1), and it is dropped afterwards. The statement alone
 * (below) and the bare route (bareRoute.ts) save into one each.
 */
export async function withSaveDatabase<T>(
  database: BenchDatabase,
  answers: string,
  sessions: number,
  fn: (save: SaveStatement) => Promise<T>,
): Promise<T> {
  const dataDir = makeDataDir('dbrate');
  const schema = `bench_rate_${crypto.randomBytes(6).toString('hex')}`;
  const config =
    database === 'PostgreSQL'
      ? loadConfig({}, { dataDir, databaseUrl: process.env.DATABASE_URL, databaseSchema: schema })
      : loadConfig({}, { dataDir, databaseUrl: undefined });
  const db = await openDb(config);
  try {
    await migrate(db);
    const applicants: { userId: number; sessionHash: string }[] = [];
    for (let i = 0; i < sessions; i++) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (username, password_hash, confirmed_at) VALUES ($1, 'x', now()) RETURNING id`,
        [`rate-${i}@example.com`],
      );
      const userId = Number(rows[0].id);
      const sessionHash = crypto.randomBytes(32).toString('hex');
      await db.query('INSERT INTO applications (user_id, answer) VALUES ($1, $2::jsonb)', [userId, answers]);
      await db.query('INSERT INTO sessions (id_hash, user_id) VALUES ($1, $2)', [sessionHash, userId]);
      applicants.push({ userId, sessionHash });
    }
    // The answer service's own calls, chosen as the route chooses (server/src/answers/routes.ts): on the common path
    // each is the one statement the route runs (the rows exist, nothing is submitted, no If-Match).
    const service = createAnswerService(db);
    const map = JSON.parse(answers) as AnswerMap;
    const limits = sessionLimits(config);
    const save: SaveStatement = sessionCheckedInStatement(db)
      ? async (n, json) =>
          (await service.saveForSession(applicants[n].sessionHash, limits, map, undefined, json))?.version
      : async (n, json) => (await service.saveAnswers(applicants[n].userId, map, undefined, json)).version;
    return await fn(save);
  } finally {
    if (database === 'PostgreSQL') await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
