import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's API for requiring TypeScript (CommonJS: the thread's bootstrap below is a CommonJS script). */
const TSX_API = createRequire(__filename).resolve('tsx/cjs/api');

/**
 * Starts a thread running the TypeScript module `entry` (an absolute path). The server runs its TypeScript through
 * tsx, which a thread does not inherit, and on Node 20 `--import tsx` in the thread's execArgv is not enough either:
 * the thread still refused ".ts" under `npm start` (`node --import tsx`), so image and PDF conversions failed there.
 * tsx's own tsImport, called by the thread's first line, loads the module the same way in every case: npm start,
 * the tsx command and jest.
 */
export function startTypeScriptThread(entry: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `require(${JSON.stringify(TSX_API)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { ...options, eval: true });
}
