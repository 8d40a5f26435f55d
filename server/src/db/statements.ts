/**
 * A batch's statements (Db.batch), and the one way they are run: in order, on a transaction's queries. Its own file,
 * without a database client, so that the embedded database's thread (pgliteThread.ts) runs batches as the server's
 * PostgreSQL side does without loading node-postgres.
 */

/** One statement of a batch: its SQL and parameters. */
export interface Statement {
  sql: string;
  params?: unknown[];
}

/** `statements` one after the other on `tx` (a transaction's query); each one's rows, in order. */
export async function runInOrder(
  tx: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> },
  statements: readonly Statement[],
): Promise<Record<string, unknown>[][]> {
  const rows: Record<string, unknown>[][] = [];
  for (const { sql, params } of statements) rows.push((await tx.query(sql, params)).rows as Record<string, unknown>[]);
  return rows;
}
