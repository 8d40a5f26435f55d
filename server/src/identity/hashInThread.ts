import path from 'node:path';
import type { ScryptOptions } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { HASHING_NICE, startTypeScriptThread } from '../threads';

export interface HashRequest {
  id: number;
  password: string;
  salt: Uint8Array;
  keylen: number;
  options: ScryptOptions;
}

export type HashReply = { id: number; ok: true; key: Uint8Array } | { id: number; ok: false; message: string };

const ENTRY = path.join(__dirname, 'hashThread.ts');

/** An idle thread ends after this long; the next hash starts another (tens of ms, once). */
const IDLE_MS = 30_000;

/**
 * scrypt in a thread of its own, one hash at a time, a little below the threads answering requests (HASHING_NICE).
 * Node's async crypto.scrypt runs on libuv's pool: four threads a process shares with file reads and other crypto, at
 * the priority of the event loop's own thread. Each hash is 130–155 ms of CPU (N=2^15); on a deadline night's logins
 * and sign-ups several ran at once on two cores and took them from the saves (bench/HISTORY.md, 2026-12-02). Here a
 * process hashes one password at a time, the others queue, and a save's thread preempts it when it wakes.
 * The thread ends when idle (a process that only saves holds no 32 MiB scrypt thread, nor does each test file);
 * if it dies, the hashes it held fail and the next one starts a new thread.
 */
export function createHashThread({ idleMs = IDLE_MS }: { idleMs?: number } = {}) {
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (key: Buffer) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function end() {
    const running = worker;
    worker = null;
    clearTimeout(idleTimer);
    failAll(new Error('The password hashing thread was stopped.'));
    return running ? running.terminate() : Promise.resolve(0);
  }

  function thread(): Worker {
    clearTimeout(idleTimer);
    if (worker) return worker;
    const started = startTypeScriptThread(ENTRY, {}, { nice: HASHING_NICE });
    started.on('message', (reply: HashReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(Buffer.from(reply.key));
      else waiting.reject(new Error(reply.message));
      if (pending.size === 0 && worker === started) idleTimer = setTimeout(end, idleMs).unref();
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker !== started) return;
      worker = null;
      failAll(new Error(`The password hashing thread stopped (exit code ${code}).`));
    });
    // A thread with nothing to hash does not keep the process alive.
    started.unref();
    worker = started;
    return started;
  }

  return {
    scrypt(password: string, salt: Uint8Array, keylen: number, options: ScryptOptions): Promise<Buffer> {
      const id = nextId++;
      const running = thread();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: HashRequest = { id, password, salt, keylen, options };
        running.postMessage(request);
      });
    },
    /** Whether a thread is running now (tests). */
    running: () => worker !== null,
    /** Ends the thread now (tests). */
    stop: end,
  };
}
