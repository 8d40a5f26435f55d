/**
 * The embedded database's thread (started by pgliteDb.ts): PGlite, which runs PostgreSQL compiled to WebAssembly,
 * answering one message per call. Everything here runs off the server's thread, so a save's statement no longer
 * stops the server from parsing, checking and answering other requests meanwhile.
 *
 * Calls run one at a time in the order they arrive (PGlite runs one statement at a time anyway). They queue here,
 * not on PGlite's own locks, whose queue costs CPU per statement with many callers (figures: bench/HISTORY.md).
 * An open transaction holds the database: until its 'end', only its own calls run and the others wait.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { parentPort, workerData } from 'node:worker_threads';
import { PglitePreparedStatements } from './pglitePrepared';
import { runInOrder } from './statements';
import type { PgliteCall, PgliteReply, PgliteThreadData } from './pgliteDb';

const port = parentPort!;
const { options, wasmModule } = workerData as PgliteThreadData;

/** The answer to a call naming a transaction that is not open (a caller's mistake). */
const TRANSACTION_ENDED = 'The transaction has ended';

/** Thrown inside PGlite's transaction so that it rolls back; not an error. */
const ROLLBACK = Symbol('rollback');

/**
 * An error as plain data: its message and the fields PostgreSQL gave it (code, detail, constraint…). Only strings
 * and numbers: anything else might not copy to the server's thread, and then the call would never be answered.
 */
function errorData(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = Object.fromEntries(
    Object.entries(error).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
  );
  // Not always an Error: the WebAssembly file layer throws { name: 'ErrnoError', errno } (a data directory that is
  // a file, say), which String() would make "[object Object]".
  const message = error instanceof Error ? error.message : JSON.stringify(fields);
  return { ...fields, name: error instanceof Error ? error.name : 'Error', message };
}

function reply(message: PgliteReply) {
  port.postMessage(message);
}

/** A first-in first-out queue of calls (at most about as many as callers wait), and a way to wait for the next. */
class Calls {
  private readonly items: PgliteCall[] = [];
  private waiter: (() => void) | null = null;
  push(call: PgliteCall) {
    this.items.push(call);
    this.waiter?.();
    this.waiter = null;
  }
  async next(): Promise<PgliteCall> {
    for (;;) {
      const call = this.items.shift();
      if (call) return call;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }
}

async function main() {
  let pglite: PGlite;
  try {
    // The staff console's applicant search (migration 007): trigram matching, accents ignored.
    pglite = await PGlite.create({ ...options, pgliteWasmModule: wasmModule, extensions: { pg_trgm, unaccent } });
  } catch (error) {
    reply({ id: 0, ok: false, error: errorData(error) });
    return;
  }
  const statements = new PglitePreparedStatements(pglite);
  const calls = new Calls();
  /** The open transaction's id, and its calls (the queries, then 'end'). */
  let open: { tx: number; calls: Calls } | null = null;

  /** A call outside a transaction's begin and end; `tx`: the open transaction a query runs in. */
  async function run(call: PgliteCall, tx?: Transaction): Promise<unknown> {
    switch (call.op) {
      case 'query':
        if (call.tx !== undefined && !tx) throw new Error(TRANSACTION_ENDED);
        return (await (tx ?? pglite).query(call.sql, call.params)).rows;
      case 'prepared':
        return (await statements.run(call.name, call.sql, call.params)).rows;
      case 'exec':
        await pglite.exec(call.sql);
        return undefined;
      case 'batch':
        // PGlite's transaction: committed when the last has run, rolled back (and the error answered) at a failure.
        return pglite.transaction((batch) => runInOrder(batch, call.statements));
      case 'dump':
        return pglite.dumpDataDir('none');
      case 'close':
        await pglite.close();
        return undefined;
      case 'begin':
      case 'end':
        throw new Error(TRANSACTION_ENDED);
    }
  }

  async function answer(call: PgliteCall, tx?: Transaction) {
    try {
      reply({ id: call.id, ok: true, result: await run(call, tx) });
    } catch (error) {
      reply({ id: call.id, ok: false, error: errorData(error) });
    }
  }

  /**
   * Runs transaction `begin.tx`: answers 'begin' once PGlite has begun, runs its queries as they come, and on its
   * 'end' commits (or rolls back) and answers that call. PGlite rolls back when the commit fails.
   */
  async function transaction(begin: Extract<PgliteCall, { op: 'begin' }>) {
    const own = new Calls();
    open = { tx: begin.tx, calls: own };
    let outcome = begin.id;
    try {
      await pglite.transaction(async (tx) => {
        reply({ id: begin.id, ok: true });
        for (;;) {
          const call = await own.next();
          if (call.op !== 'end') await answer(call, tx);
          else {
            // From here a call naming this transaction (a caller's mistake) is told it has ended, while the
            // commit runs, instead of waiting in a queue nobody reads.
            open = null;
            outcome = call.id;
            if (!call.commit) throw ROLLBACK;
            return;
          }
        }
      });
      reply({ id: outcome, ok: true });
    } catch (error) {
      reply(error === ROLLBACK ? { id: outcome, ok: true } : { id: outcome, ok: false, error: errorData(error) });
    } finally {
      open = null;
    }
  }

  port.on('message', (call: PgliteCall) => {
    if (open && (call.op === 'query' || call.op === 'end') && call.tx === open.tx) open.calls.push(call);
    else calls.push(call);
  });
  reply({ id: 0, ok: true });
  for (;;) {
    const call = await calls.next();
    if (call.op === 'begin') await transaction(call);
    else await answer(call);
  }
}

void main();
