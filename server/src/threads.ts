import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's API for requiring TypeScript (CommonJS: the thread's bootstrap below is a CommonJS script). */
const TSX_API = createRequire(__filename).resolve('tsx/cjs/api');

/**
 * The nice value of work no request waits on at once (documents' conversions, the PDF copy): the threads answering
 * requests and the database come first on the machine's cores. On two cores a PDF copy (60–250 ms of CPU) or a
 * LibreOffice conversion beside two server processes and PostgreSQL took a core from the saves, whose p99 it set
 * (bench/HISTORY.md, 2026-12-02). At 10 such work gets about a tenth of a core that is wanted, all of an idle one.
 */
export const BACKGROUND_NICE = 10;

/**
 * The nice value of work a request does wait on but that must not hold a core against the saves: password hashing
 * (identity/hashInThread.ts). At 5 a thread gets about a quarter of a core that is wanted, so a login's 140 ms hash
 * takes at most about half a second on a busy machine, and a save that wakes takes the core from it at once.
 */
export const HASHING_NICE = 5;

/**
 * Starts a thread running the TypeScript module `entry` (an absolute path). The server runs its TypeScript through
 * tsx, which a thread does not inherit. `--import tsx` in the thread's execArgv works on the Node that npm's scripts
 * run (the `node` devDependency, 24), but on Node 20 (Debian's, this machine's /usr/bin/node) the thread still
 * refused ".ts". tsx's own require hook, registered by the thread's first line, loads the module on both.
 * `background`: the thread runs at BACKGROUND_NICE; `nice`: at that nice value.
 */
export function startTypeScriptThread(
  entry: string,
  options: Omit<WorkerOptions, 'eval'> = {},
  { background = false, nice }: { background?: boolean; nice?: number } = {},
): Worker {
  const niceValue = nice ?? (background ? BACKGROUND_NICE : 0);
  // A nice value is a thread's own on Linux: os.setPriority(0, …) in the thread lowers that thread alone.
  const lower = niceValue > 0 ? `require('node:os').setPriority(0, ${niceValue}); ` : '';
  const bootstrap = `${lower}require(${JSON.stringify(TSX_API)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { ...options, eval: true });
}
