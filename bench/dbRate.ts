/**
 * The database's own rate for the statement a save runs (issue "Benchmarks: budgets against the real limit"):
 * SAVE_ANSWERS_SQL (server/src/answers/service.ts) through the server's own database client (openDb: PGlite on
 * files as the server has it, or a pg pool on PostgreSQL), prepared as the server prepares it, with the same
 * answer map, the same number of concurrent callers and no HTTP. PUT /api/answer's req/s is then reported as a
 * share of this rate: how close a save is to what the database can do, which the trivial-route ceiling could not
 * say.
 *
 * PGlite serves one process, and the server of the run holds its own files: this opens the same engine on files of
 * its own, with as many applicants holding the same answers. On PostgreSQL it is the same server and a schema of
 * its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { loadConfig } from '../server/src/config';
import { SAVE_ANSWERS_SQL } from '../server/src/answers/service';
import { openDb, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { makeDataDir } from './appServer';
import { log, round } from './common';

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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** `connections` callers, each saving its own applicant's answers back to back for `seconds`. */
async function saveLoop(db: Db, userIds: number[], json: string, connections: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const userId = userIds[i % userIds.length];
      while (performance.now() < until) {
        const start = performance.now();
        try {
          const { rows } = await db.prepared<{ version: number }>('save_answers', SAVE_ANSWERS_SQL, [
            userId,
            json,
            null,
          ]);
          if (!rows[0]) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSec: round(latencies.length / seconds, 0),
    p50Ms: round(percentile(latencies, 0.5), 2),
    p99Ms: round(percentile(latencies, 0.99), 2),
    errors,
  };
}

/**
 * A database set up as the server's (migrated), on files of its own (PGlite: the run's server holds its own) or in a
 * schema of its own (PostgreSQL), with `sessions` applicants each holding `answers`: `fn` gets it and their user ids,
 * and it is dropped afterwards. The statement alone (below) and the bare route (bareRoute.ts) save into one each.
 */
export async function withSaveDatabase<T>(
  database: BenchDatabase,
  answers: string,
  sessions: number,
  fn: (db: Db, userIds: number[]) => Promise<T>,
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
    const userIds: number[] = [];
    for (let i = 0; i < sessions; i++) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (username, password_hash, confirmed_at) VALUES ($1, 'x', now()) RETURNING id`,
        [`rate-${i}@example.com`],
      );
      const id = Number(rows[0].id);
      await db.query('INSERT INTO applications (user_id, answer) VALUES ($1, $2::jsonb)', [id, answers]);
      userIds.push(id);
    }
    return await fn(db, userIds);
  } finally {
    if (database === 'PostgreSQL') await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The statement's rate at each number of concurrent callers, on a database set up like the server's. */
export async function measureSaveStatement(
  database: BenchDatabase,
  answers: string,
  levels: number[],
  seconds: number,
): Promise<StatementRate[]> {
  return withSaveDatabase(database, answers, Math.max(...levels), async (db, userIds) => {
    await saveLoop(db, userIds, answers, 10, Math.min(3, seconds)); // warm-up, not reported
    const rates: StatementRate[] = [];
    for (const connections of levels) {
      const rate = await saveLoop(db, userIds, answers, connections, seconds);
      rates.push({ connections, seconds, ...rate });
      log(`  ${database} save statement alone ×${connections}: ${rate.perSec}/s, p99 ${rate.p99Ms} ms`);
    }
    return rates;
  });
}
