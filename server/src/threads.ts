import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's API for requiring TypeScript (CommonJS: the thread's bootstrap below is a CommonJS script). */
const TSX_API = createRequire(__filename).resolve('tsx/cjs/api');

/**
 * Starts a thread running the TypeScript module `entry` (an absolute path). The server runs its TypeScript through
 * tsx, which a thread does not inherit. `--import tsx` in the thread's execArgv works on the Node that npm's scripts
 * run (the `node` devDependency, 24), but on Node 20 (Debian's, this machine's /usr/bin/node) the thread still
 * refused ".ts". tsx's own require hook, registered by the thread's first line, loads the module on both.
 */
export function startTypeScriptThread(entry: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `require(${JSON.stringify(TSX_API)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { ...options, eval: true });
}
