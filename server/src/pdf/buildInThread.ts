import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptThread } from '../threads';
import type { ApplicationPdfInput } from './build';

export interface BuildRequest {
  id: number;
  input: ApplicationPdfInput;
}

export type BuildReply =
  { id: number; ok: true; bytes: Uint8Array; pages: number } | { id: number; ok: false; message: string };

const ENTRY = path.join(__dirname, 'buildThread.ts');

/**
 * The application's PDF copy built in a thread of its own. pdfkit lays the answers out and pdf-lib copies the
 * documents' pages synchronously: a copy of a complete application costs 60–250 ms of CPU, and in the server's
 * thread every request meanwhile waited for it. On a deadline night (bench/night.ts: a submit downloads its copy)
 * that wait set the saves' p99: one copy per few seconds on a process stalled the saves sent to it. It runs in the
 * background (BACKGROUND_NICE), so that it does not take a core from them either. The thread
 * starts with the first copy and stays for the next; if it dies, the copies it was building fail (the service
 * records them failed, to be tried again) and the next one starts a new thread.
 */
export function createPdfBuildThread() {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (pdf: { bytes: Uint8Array; pages: number }) => void; reject: (error: Error) => void }
  >();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startTypeScriptThread(ENTRY, {}, { background: true });
    started.on('message', (reply: BuildReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve({ bytes: reply.bytes, pages: reply.pages });
      else waiting.reject(new Error(reply.message));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`The PDF copy's thread stopped (exit code ${code}).`));
    });
    // A thread with nothing to build does not keep the process alive.
    started.unref();
    worker = started;
    return started;
  }

  return {
    build(input: ApplicationPdfInput): Promise<{ bytes: Uint8Array; pages: number }> {
      const id = nextId++;
      const running = thread();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: BuildRequest = { id, input };
        running.postMessage(request);
      });
    },
    /** Ends the thread (app.close, once the builds in flight are done). */
    async stop() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
