import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './client';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** The advisory lock key of the migrations of `schema`: one instance migrates at a time, the others wait. */
export const MIGRATION_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('admission:migrate:' || current_schema()))`;

/** The migrations this code knows, in order (/readyz checks they are all applied). */
export const migrationFiles = () =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();

/**
 * Applies every migrations/NNN_name.sql not yet recorded, in order, in one transaction that first takes a
 * PostgreSQL advisory lock: any number of instances may start at once on an empty database, one migrates and the
 * others wait for it, then find everything applied (two racing `CREATE TABLE IF NOT EXISTS` crashed one of them).
 * The same files serve PGlite and PostgreSQL, so they use only plain PostgreSQL.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationFiles();
  return db.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK_SQL);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // Statements are split on lines ending in ';' so one parameterless file can run through either driver.
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
