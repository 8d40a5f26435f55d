import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/**
 * Often enough that busy half-minutes' dead row versions are reused rather than added to the files, and that each
 * VACUUM has little to do: it holds the database while it runs, so its pause is what a save waiting behind it waits.
 */
export const VACUUM_INTERVAL_MS = 30_000;
/**
 * The tables with more dead row versions than autovacuum's own rule allows (vacuum once more than 50 plus a fifth of
 * the table are dead), the catalogs included (ANALYZE rewrites pg_statistic's rows). Only those: a VACUUM of the
 * whole database pauses saves several times longer than one of the tables with work (figures: bench/HISTORY.md).
 * A table's TOAST table is vacuumed with it.
 */
const DEAD_ROWS_SQL = `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_all_tables
  WHERE n_dead_tup > 50 + 0.2 * n_live_tup AND schemaname NOT LIKE 'pg_toast%' ORDER BY schemaname, relname`;
/**
 * The tables whose planner statistics are out of date, by autovacuum's own rule (analyze once more rows changed
 * than 50 plus a tenth of the table): without autovacuum they are never gathered, and the staff list's plans need
 * them (a search at 50,000 applicants is many times slower with the statistics of an empty table). Only those
 * tables: an ANALYZE of a large table holds the database for a noticeable pause (figures: bench/HISTORY.md).
 */
const STALE_STATISTICS_SQL = `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
  WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup ORDER BY schemaname, relname`;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs. Every save of the answers leaves the old
 * row version behind, and without VACUUM the space is never reused: the table grows several times over, where a
 * regular VACUUM keeps it small at a pause of a few milliseconds (figures: bench/HISTORY.md).
 * It holds the database while it runs, like any PGlite statement.
 *
 * Returns null on PostgreSQL, whose autovacuum does this work.
 */
export function createVacuumTimer(db: Db, log: FastifyBaseLogger, intervalMs = VACUUM_INTERVAL_MS) {
  if (db.kind !== 'pglite') return null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function vacuum() {
    const started = Date.now();
    try {
      const names = async (sql: string) => (await db.query<{ name: string }>(sql)).rows.map((row) => row.name);
      const dead = await names(DEAD_ROWS_SQL);
      if (dead.length > 0) await db.exec(`VACUUM ${dead.join(', ')}`);
      const stale = await names(STALE_STATISTICS_SQL);
      if (stale.length > 0) await db.exec(`ANALYZE ${stale.join(', ')}`);
      log.debug({ ms: Date.now() - started, vacuumed: dead, analyzed: stale }, 'VACUUM done');
    } catch (error) {
      log.warn({ err: error }, 'VACUUM failed');
    }
  }

  return {
    start() {
      timer = setInterval(() => {
        if (!running) running = vacuum().finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer and lets a running VACUUM finish (before the database closes). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
