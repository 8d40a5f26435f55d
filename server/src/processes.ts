import cluster, { type Worker } from 'node:cluster';

/**
 * Several server processes on one port (SERVER_PROCESSES, PostgreSQL only). One Node process runs its JavaScript
 * on one core, and that one thread is what limits a server's saves per second (figures: bench/HISTORY.md); the
 * processes are instances like any other on the shared database (sessions, rate limits, conversion jobs and their
 * leases all live there), so the primary only starts, replaces and stops them. Node's cluster module lets them share
 * the port: the primary accepts connections and hands each to the next process.
 */

/** What the primary writes once every process listens (the bench and the tests wait for it). */
export const allListeningLine = (count: number) => `${count} server processes listening`;
/** What each of them adds to its own start line (the tests count them). */
export const oneOfLine = (count: number) => `one of ${count} processes`;

/** A replacement that fails again waits twice as long each time (a database outage), up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** A process that served this long counts as a good start: the next replacement starts at once. */
const STABLE_MS = 10_000;

export interface SupervisorOptions {
  /** How long the processes may drain on SIGTERM before they are killed (a request may take this to arrive). */
  drainMs: number;
  log: (message: string) => void;
}

/**
 * In the primary: starts `count` processes running this same script and keeps that many running.
 * - Until all of them listen, one that exits (say the database is unreachable) stops them all and the primary
 *   with 1, as a single server failing at start would.
 * - After that, one that exits is replaced: at once after a good run, else after a growing delay, while the others
 *   keep serving.
 * - SIGTERM and SIGINT stop them all, each draining its requests (killed after `drainMs`), then the primary, with
 *   0 when every process drained cleanly.
 * Resolves when every process listens.
 */
export function superviseProcesses(count: number, { drainMs, log }: SupervisorOptions): Promise<void> {
  // Round robin is Linux's default; set so that NODE_CLUSTER_SCHED_POLICY cannot leave it to the kernel, which gives
  // most connections to the process that happens to be awake.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // The supervisor's own list: cluster.workers may still hold a worker whose 'exit' has already fired.
  const live = new Set<Worker>();
  const restarts = new Set<NodeJS.Timeout>();
  let listening = 0;
  let started = false;
  let stopping = false;
  let exitCode = 0;
  let quickExits = 0;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (live.size === 0) process.exit(exitCode);
    // Each process closes its server (letting requests in flight finish) and its database pool.
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log(`Server processes still draining after ${drainMs} ms: killing them`);
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, drainMs).unref();
  };

  const start = () => {
    if (stopping) return;
    const worker = cluster.fork();
    live.add(worker);
    let listeningSince: number | undefined;
    worker.once('listening', () => {
      listeningSince = Date.now();
      listening += 1;
      if (!started && listening === count) {
        started = true;
        resolveReady();
      }
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      const how = signal ?? `code ${code}`;
      if (stopping) {
        if (code !== 0) exitCode = 1;
        if (live.size === 0) process.exit(exitCode);
        return;
      }
      if (!started) {
        log(`A server process exited before it listened (${how}): stopping the others`);
        stopAll(1);
        return;
      }
      const served = listeningSince === undefined ? 0 : Date.now() - listeningSince;
      quickExits = served >= STABLE_MS ? 0 : quickExits + 1;
      const delay = quickExits === 0 ? 0 : Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (quickExits - 1));
      log(`Server process ${worker.process.pid} exited (${how}); starting another${delay ? ` in ${delay} ms` : ''}`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        start();
      }, delay);
      restarts.add(timer);
    });
  };

  for (let i = 0; i < count; i += 1) start();
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return ready;
}
