import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptThread } from '../threads';
import { ConversionError, type ConvertedPdf, type ThreadKind } from './convert';

export interface ConvertRequest {
  id: number;
  kind: ThreadKind;
  bytes: Uint8Array;
}

export type ConvertReply =
  | { id: number; ok: true; bytes: Uint8Array; pages: number }
  | { id: number; ok: false; forApplicant: boolean; message: string };

export interface ThreadConverterOptions {
  /** A conversion still running after this long is stopped (its thread is ended) and fails. */
  timeoutMs: number;
  /** The thread's JavaScript heap limit: a file that needs more fails instead of taking the server down. */
  maxHeapMb: number;
}

export const THREAD_CONVERTER_DEFAULTS: ThreadConverterOptions = { timeoutMs: 120_000, maxHeapMb: 1024 };

const ENTRY = path.join(__dirname, 'convertThread.ts');

/**
 * Image and PDF conversions in a thread of their own, one at a time (the conversion worker sends one job at a
 * time). Decoding a large PNG is synchronous work: in the server's thread it would hold up every other request
 * meanwhile, autosaves included; and it runs in the background (BACKGROUND_NICE). The thread starts on the first conversion and stays for the
 * next; if it dies (out of memory, stopped at the time limit) the pending conversion fails and the next one
 * starts a new thread.
 */
export function createThreadConverter(options: ThreadConverterOptions = THREAD_CONVERTER_DEFAULTS) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (pdf: ConvertedPdf) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = startTypeScriptThread(
      ENTRY,
      { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } },
      { background: true },
    );
    started.on('message', (reply: ConvertReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve({ bytes: reply.bytes, pages: reply.pages });
      else waiting.reject(reply.forApplicant ? new ConversionError(reply.message) : new Error(reply.message));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`The conversion thread stopped (exit code ${code}).`));
    });
    worker = started;
    return started;
  }

  return {
    convert(kind: ThreadKind, bytes: Uint8Array): Promise<ConvertedPdf> {
      const id = nextId++;
      const running = thread();
      return new Promise<ConvertedPdf>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`The conversion took more than ${options.timeoutMs} ms and was stopped.`));
          pending.delete(id);
          void running.terminate();
        }, options.timeoutMs);
        pending.set(id, {
          resolve: (pdf) => {
            clearTimeout(timer);
            resolve(pdf);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        const request: ConvertRequest = { id, kind, bytes };
        running.postMessage(request);
      });
    },
    /** Ends the thread (app.close): a conversion still running fails. */
    async stop() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

export type ThreadConverter = ReturnType<typeof createThreadConverter>;
