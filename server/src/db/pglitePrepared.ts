import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Named prepared statements on PGlite, for the statements every request runs (saving the answers, the profile).
 * PGlite's query() sends parse, describe, bind, describe, execute and sync as six calls into the WASM backend and
 * plans the statement each time; here the statement is parsed once, then each call binds, executes and syncs in one
 * message, which makes the answer UPDATE markedly cheaper (figures: bench/HISTORY.md).
 *
 * The values are still bound parameters (never written into the SQL), and each call is its own statement with its
 * own commit, exactly like query().
 */
export class PglitePreparedStatements {
  /** Name → its SQL and the parameter types PostgreSQL inferred (for PGlite's serializers, as query() uses them). */
  private readonly prepared = new Map<string, { sql: string; paramTypes: number[] }>();

  constructor(private readonly pglite: PGlite) {}

  run<T>(name: string, sql: string, params: unknown[]): Promise<{ rows: T[] }> {
    // query() holds both of PGlite's locks; with the query lock alone a call could land inside another caller's
    // open transaction (between two of its statements) and share its fate.
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite.runExclusive(async () => {
        // query() refuses a closed instance too (a request still in flight while the server shuts down).
        if (this.pglite.closed) throw new Error('PGlite is closed');
        const paramTypes = await this.prepare(name, sql);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = this.pglite.serializers[paramTypes[i]];
          return serializer ? serializer(param) : String(param);
        });
        const message = concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
        const { messages } = await this.pglite.execProtocol(message);
        return { rows: parse.parseResults(messages, this.pglite.parsers)[0].rows as T[] };
      }),
    );
  }

  private async prepare(name: string, sql: string): Promise<number[]> {
    const known = this.prepared.get(name);
    if (known) {
      if (known.sql !== sql) throw new Error(`Prepared statement "${name}" was already used for other SQL`);
      return known.paramTypes;
    }
    const { messages } = await this.pglite.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const paramTypes = parse.parseDescribeStatementResults(messages);
    this.prepared.set(name, { sql, paramTypes });
    return paramTypes;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
