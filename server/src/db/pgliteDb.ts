import type { PGliteOptions } from '@electric-sql/pglite';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptThread } from '../threads';
import type { Db, Queryable } from './client';
import type { Statement } from './statements';

/** What the thread is started with: PGlite's options (files, or a dump to load), and its compiled WebAssembly. */
export interface PgliteThreadData {
  options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'>;
  wasmModule: WebAssembly.Module;
}

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's PostgreSQL (9 MB of WebAssembly), compiled once per process and handed to each database thread (a
 * compiled module crosses threads without being compiled again). Each thread compiling its own took about 0.4 s of
 * a PGlite start of 1 s on this machine's cores: a server opens one database, but the tests open hundreds.
 */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= fs.promises
    .readFile(createRequire(__filename).resolve('@electric-sql/pglite/pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** One call to the thread. A transaction is 'begin', its queries (with `tx`), then 'end'. */
export type PgliteCall = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'prepared'; name: string; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'batch'; statements: Statement[] }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

/** The thread's answer to call `id` (id 0: PGlite has started, or could not). */
export type PgliteReply =
  { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: Record<string, unknown> };

const ENTRY = path.join(__dirname, 'pgliteThread.ts');
/**
 * The thread's young generation, in MB (V8's default lets it grow to 48). Its heap holds only each statement's
 * passing result: a large read (the staff export's 50,000 answer maps) grew it to the full size, server memory for
 * nothing; at 8 the save statement's rate and the export's time are unchanged (figures: bench/HISTORY.md).
 */
const THREAD_YOUNG_GENERATION_MB = 8;

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

/** A thread that could not be reopened is tried again on the next call, but not sooner than this. */
const REOPEN_RETRY_MS = 1_000;

/**
 * The embedded database (db/client.ts loads this module only when it opens one), in a thread of its own. PGlite runs
 * PostgreSQL as WebAssembly in the thread that calls it: in the server's thread each statement stopped everything
 * else meanwhile (parsing, checking and answering other requests), so a save cost the statement plus the HTTP work,
 * one after the other, on one core. In its own thread the two overlap on two cores. Each call is one message each
 * way; PGlite itself still runs one statement at a time, in the order the calls arrive.
 *
 * If the thread dies (an uncaught error, out of memory, a WebAssembly abort), the calls in flight fail (none was
 * acknowledged) and, on files (DATA_DIR), a new thread opens the same files: PostgreSQL's recovery replays its
 * write-ahead log, so every call that was answered (a committed save) is there. Calls made meanwhile wait for it.
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
  /** Why every later call fails: closed, or (an in-memory database, which cannot be reopened) crashed. */
  private stopped: Error | null = null;
  private worker!: Worker;
  /** Resolves when the current thread has exited: a new one never opens the files before the old one let go. */
  private workerGone!: Promise<unknown>;
  /** A new thread opening the files after a crash; calls wait for it. */
  private reopening: Promise<void> | null = null;
  private lastReopenFailure = 0;
  private crash: Error | null = null;
  /** How many times the thread was started again after dying. */
  restarts = 0;

  constructor(
    worker: Worker,
    private readonly options: PgliteThreadData['options'] = {},
  ) {
    this.attach(worker);
  }

  /** The thread now serving (tests end it to prove the restart). */
  get thread(): Worker {
    return this.worker;
  }

  private attach(worker: Worker) {
    this.worker = worker;
    this.workerGone = new Promise((resolve) => worker.once('exit', resolve));
    worker.on('message', (reply: PgliteReply) => this.answer(reply));
    // A crash (an uncaught error, out of memory, a WebAssembly abort) fires 'error', then 'exit'.
    worker.on('error', (error) => this.died(worker, `(${error.message})`, error));
    worker.on('exit', (code) => this.died(worker, `(exit code ${code})`));
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
   * Thread `worker` is gone: every call waiting on it fails. Unless close() ended it, that is a crash, logged once:
   * on files a new thread opens them (later calls wait for it); in memory there is nothing to reopen, and every
   * later call fails (a 500) as a crashed database's would.
   */
  private died(worker: Worker, why: string, cause?: Error) {
    if (worker !== this.worker) return;
    const error = this.stopped ?? threadStopped(why, cause);
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    if (this.stopped || this.crash) return;
    this.crash = error;
    console.error(error.message);
    if (!this.options.dataDir) {
      this.stopped = error;
      return;
    }
    void worker.terminate();
    // A failure is logged there; the next call tries again.
    this.reopen().catch(() => undefined);
  }

  /** Starts a thread on the same files; a failure is logged, and the next call (a second later) tries again. */
  private reopen(): Promise<void> {
    this.reopening ??= this.workerGone
      .then(() => openThread({ dataDir: this.options.dataDir }))
      .then((worker) => {
        this.restarts += 1;
        this.crash = null;
        this.attach(worker);
        console.error(
          "The embedded database's thread was started again; the calls in flight failed, nothing committed was lost.",
        );
      })
      .catch((error: Error) => {
        this.lastReopenFailure = Date.now();
        console.error(`The embedded database could not be reopened: ${error.message}`);
        throw this.crash ?? error;
      })
      .finally(() => {
        this.reopening = null;
      });
    return this.reopening;
  }

  private async call<T>(call: DistributiveOmit<PgliteCall, 'id'>): Promise<T> {
    if (this.stopped) throw this.stopped;
    if (this.reopening) await this.reopening;
    else if (this.crash) {
      if (Date.now() - this.lastReopenFailure < REOPEN_RETRY_MS) throw this.crash;
      await this.reopen();
    }
    if (this.stopped) throw this.stopped;
    return this.send<T>(call);
  }

  private send<T>(call: DistributiveOmit<PgliteCall, 'id'>): Promise<T> {
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
  /** Db.batch: the statements go to the thread in one call, which runs them in a transaction of its own. */
  batch(statements: Statement[]) {
    return this.call<Record<string, unknown>[][]>({ op: 'batch', statements });
  }
  async close() {
    if (this.stopped) return;
    await this.reopening?.catch(() => undefined);
    if (this.crash) {
      this.stopped = new Error('The embedded database is closed.');
      return;
    }
    await this.send({ op: 'close' });
    this.stopped = new Error('The embedded database is closed.');
    await this.worker.terminate();
  }
  /** One call: PGlite has no pool. Idle when no call waits; `waiting`: the calls sent and not yet answered. */
  stats() {
    const waiting = this.pending.size;
    return { total: 1, idle: waiting === 0 ? 1 : 0, waiting };
  }
  /**
   * The whole database as a tarball (tests migrate once and clone the result per file; backups). The thread runs it
   * between calls, never inside a transaction, so it holds exactly what was committed before it.
   */
  dump() {
    return this.call<Blob>({ op: 'dump' });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Starts the thread and waits until PGlite has opened the files (or loaded the dump), or could not. */
async function openThread(options: PgliteThreadData['options']): Promise<Worker> {
  const data: PgliteThreadData = { options, wasmModule: await pgliteWasm() };
  const worker = startTypeScriptThread(ENTRY, {
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
  });
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
  return worker;
}

/** The embedded database in its thread: on files (`dataDir`, reopened after a crash) or loaded from a dump. */
export async function openPglite(options: PgliteThreadData['options']): Promise<PgliteDb> {
  return new PgliteDb(await openThread(options), options);
}
