import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import type { PgliteDb } from './pgliteDb';
import { runInOrder, type Statement } from './statements';

/** What the services need of a database: parameterised queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  /**
   * query() for a statement run on every request: prepared once under `name` (one name, one SQL text), then only
   * bound and executed. Same parameters, same result rows, same commit.
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * `statements` in order in one transaction, all or none; each one's rows, in order. For a transaction whose
   * statements do not wait on each other's results: the embedded database runs them in one call to its thread, so
   * it is held only while they run. A transaction() there is held between its queries too, while the server's
   * thread gets to the next one (under a night's load tens of ms, which every save waits: bench/HISTORY.md).
   */
  batch(statements: Statement[]): Promise<Record<string, unknown>[][]>;
  close(): Promise<void>;
  /** The pool's use, for the metrics: connections open and idle, and calls waiting for one. */
  stats?(): PoolStats;
  readonly kind: 'pglite' | 'postgres';
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}
  async query<T>(sql: string, params: unknown[] = []) {
    const result = await this.pool.query(sql, params);
    return { rows: result.rows as T[] };
  }
  /** node-postgres prepares a named statement once per pooled connection. */
  async prepared<T>(name: string, sql: string, params: unknown[]) {
    const result = await this.pool.query({ name, text: sql, values: params });
    return { rows: result.rows as T[] };
  }
  async exec(sql: string) {
    await this.pool.query(sql);
  }
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn({
        query: async <R>(sql: string, params: unknown[] = []) => ({
          rows: (await client.query(sql, params)).rows as R[],
        }),
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  batch(statements: Statement[]) {
    return this.transaction((tx) => runInOrder(tx, statements));
  }
  async close() {
    await this.pool.end();
  }
  stats(): PoolStats {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }
}

async function createSchemaOnce(pool: pg.Pool, schema: string) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('admission:schema:' || $1))`, [schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Connections each server process keeps at most (node-postgres's default, stated here because SERVER_PROCESSES
 * multiplies it: config.ts keeps the default number of processes within PostgreSQL's max_connections).
 */
const DB_POOL_SIZE = 10;
/**
 * How long an idle connection is kept (node-postgres closes it after 10 s by default). A pause in the saves, a quiet
 * moment at night, would otherwise close them all, and the next burst would wait while new ones open (a backend
 * started, the search path set, each statement prepared again), many times what a warm pool takes (figures:
 * bench/HISTORY.md).
 * The pool still never holds more than DB_POOL_SIZE, and an idle connection that PostgreSQL or the network ends is
 * replaced on the next query (the error handler below). A process whose work is done may exit with connections
 * still idle (allowExitOnIdle): a server is kept up by its listener, not by its pool.
 */
const DB_IDLE_MS = 5 * 60_000;

/**
 * The application_name of this instance's PostgreSQL connections: `admission:<schema>:<instance>`, so a starting
 * instance can tell another live instance on the same schema from its own connections (documents/sharedFiles.ts).
 */
const instanceApplicationName = (schema: string | undefined) =>
  `admission:${schema ?? 'public'}:${crypto.randomBytes(4).toString('hex')}`;

export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('DATABASE_SCHEMA must be a plain identifier');
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: DB_POOL_SIZE,
      idleTimeoutMillis: DB_IDLE_MS,
      allowExitOnIdle: true,
      application_name: instanceApplicationName(schema),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection the server ends (a restart, a failover) must not crash this process: the next query
    // opens a new one.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // Instances starting at once would race to create it (a unique-index error): one at a time, under a lock.
    if (schema) await createSchemaOnce(pool, schema);
    return new PostgresDb(pool);
  }
  // Loaded only for the embedded database: PGlite loaded makes a running server process much larger, which each
  // process on PostgreSQL would otherwise carry for nothing (figures: bench/HISTORY.md).
  const { openPglite } = await import('./pgliteDb');
  if (config.memoryDb) return openPglite({ loadDataDir: config.memoryDb.loadDataDir });
  const dir = path.join(config.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

export async function dumpPglite(db: Db): Promise<Blob> {
  if (db.kind !== 'pglite') throw new Error('Only an embedded database can be dumped');
  return (db as PgliteDb).dump() as Promise<Blob>;
}
