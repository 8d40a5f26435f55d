import type { PGliteOptions } from '@electric-sql/pglite';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptThread } from '../threads';
import type { Db, Queryable } from './client';

/** What the thread is started with: PGlite's options (files, or a dump to load). */
export interface PgliteThreadData {
  options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'>;
}

/** One call to the thread. A transaction is 'begin', its queries (with `tx`), then 'end'. */
export type PgliteCall = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'prepared'; name: string; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

/** The thread's answer to call `id` (id 0: PGlite has started, or could not). */
export type PgliteReply =
  { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: Record<string, unknown> };

const ENTRY = path.join(__dirname, 'pgliteThread.ts');

/** Why calls fail once the thread is gone: `why` is its exit code or its error, in brackets. */
const threadStopped = (why: string, cause?: Error) =>
  new Error(`The embedded database's thread stopped ${why}.`, { cause });

/** The thread's error as an Error of this thread, with PostgreSQL's fields (code, detail…) and the caller's stack. */
function toError(data: Record<string, unknown>, caller: Error): Error {
  const { message, name, ...fields } = data;
  const error = Object.assign(new Error(String(message)), fields);
  if (typeof name === 'string') error.name = name;
  const callerStack = caller.stack ?? '';
  error.stack = `${error.name}: ${error.message}\n${callerStack.slice(callerStack.indexOf('\n') + 1)}`;
  return error;
}

/**
 * The embedded database (db/client.ts loads this module only when it opens one), in a thread of its own. PGlite runs
 * PostgreSQL as WebAssembly in the thread that calls it: in the server's thread each statement stopped everything
 * else meanwhile (parsing, checking and answering other requests), so a save cost the statement plus the HTTP work,
 * one after the other, on one core. In its own thread the two overlap on two cores. Each call is one message each
 * way; PGlite itself still runs one statement at a time, in the order the calls arrive.
 */
export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private nextId = 1;
  private nextTx = 1;
  /** Calls sent and not yet answered, with the caller's stack for an error (the thread's own would say nothing). */
  private readonly pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void; caller: Error }
  >();
  /** Why every later call fails: the thread has stopped (closed, or crashed). */
  private stopped: Error | null = null;

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: PgliteReply) => this.answer(reply));
    // A crash (an uncaught error, out of memory, a WebAssembly abort) fires 'error', then 'exit'.
    worker.on('error', (error) => this.stop(`(${error.message})`, error));
    worker.on('exit', (code) => this.stop(`(exit code ${code})`));
    // While no call waits, the thread must not keep the process alive (a script that forgets close() still ends);
    // while one does, it must, or Node could exit with the call unanswered.
    worker.unref();
  }

  /** Call `id` waits no more: with no call left waiting, the thread no longer keeps the process alive. */
  private release(id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private answer(reply: PgliteReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.release(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(toError(reply.error, waiting.caller));
  }

  /**
   * The thread is gone: every call waiting and every later one fails. Unless close() ended it, that is a crash, and
   * it is logged once: the server then answers 500 to anything needing the database until it is restarted.
   */
  private stop(why: string, cause?: Error) {
    if (!this.stopped) {
      this.stopped = threadStopped(why, cause);
      console.error(this.stopped.message);
    }
    for (const { reject } of this.pending.values()) reject(this.stopped);
    this.pending.clear();
  }

  private call<T>(call: DistributiveOmit<PgliteCall, 'id'>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    // V8 records the stack when the Error is made and writes it out only if read: on an error, not on each call.
    const caller = new Error();
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, caller });
      try {
        this.worker.postMessage({ ...call, id });
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, say): this call fails, nothing waits for it.
        this.release(id);
        reject(error as Error);
      }
    });
  }

  async query<T>(sql: string, params: unknown[] = []) {
    return { rows: await this.call<T[]>({ op: 'query', sql, params }) };
  }
  async prepared<T>(name: string, sql: string, params: unknown[]) {
    return { rows: await this.call<T[]>({ op: 'prepared', name, sql, params }) };
  }
  async exec(sql: string) {
    await this.call({ op: 'exec', sql });
  }
  /** As PostgresDb's: commits what `fn` did when it returns, rolls it back when it throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn({
        query: async <R>(sql: string, params: unknown[] = []) => ({
          rows: await this.call<R[]>({ op: 'query', sql, params, tx }),
        }),
      });
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }
  async close() {
    if (this.stopped) return;
    await this.call({ op: 'close' });
    this.stopped = new Error('The embedded database is closed.');
    await this.worker.terminate();
  }
  /** Tests migrate once and clone the result per file (initdb takes seconds). */
  dump() {
    return this.call<Blob>({ op: 'dump' });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Starts the thread and waits until PGlite has opened the files (or loaded the dump), or could not. */
export async function openPglite(options: PgliteThreadData['options']): Promise<PgliteDb> {
  const worker = startTypeScriptThread(ENTRY, { workerData: { options } });
  const caller = new Error();
  const failed = (error: Error) => {
    void worker.terminate();
    return error;
  };
  await new Promise<void>((resolve, reject) => {
    const started = (reply: PgliteReply) => {
      if (reply.id !== 0) return;
      worker.off('message', started).off('error', crashed).off('exit', exited);
      if (reply.ok) resolve();
      else {
        const message = `The embedded database could not open ${options.dataDir ?? 'its dump'}: ${String(reply.error.message)}`;
        reject(failed(toError({ ...reply.error, message }, caller)));
      }
    };
    const crashed = (error: Error) => reject(failed(error));
    const exited = (code: number) => reject(threadStopped(`(exit code ${code})`));
    worker.on('message', started).on('error', crashed).on('exit', exited);
  });
  return new PgliteDb(worker);
}
