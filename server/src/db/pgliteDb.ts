import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Db, Queryable } from './client';
import { PglitePreparedStatements } from './pglitePrepared';

/** The embedded database (db/client.ts loads this module only when it opens one). */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly statements: PglitePreparedStatements;
  constructor(private readonly pglite: PGlite) {
    this.statements = new PglitePreparedStatements(pglite);
  }
  async query<T>(sql: string, params: unknown[] = []) {
    const result = await this.pglite.query<T>(sql, params);
    return { rows: result.rows };
  }
  prepared<T>(name: string, sql: string, params: unknown[]) {
    return this.statements.run<T>(name, sql, params);
  }
  async exec(sql: string) {
    await this.pglite.exec(sql);
  }
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) =>
      fn({
        query: async <R>(sql: string, params: unknown[] = []) => ({ rows: (await tx.query<R>(sql, params)).rows }),
      }),
    );
  }
  async close() {
    await this.pglite.close();
  }
  /** Tests migrate once and clone the result per file (initdb takes seconds). */
  dump() {
    return this.pglite.dumpDataDir('none');
  }
}

export async function openPglite(options: PGliteOptions): Promise<PgliteDb> {
  return new PgliteDb(await PGlite.create(options));
}
