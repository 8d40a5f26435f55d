import cluster, { type Worker } from 'node:cluster';

/**
 * Several server processes on one port (SERVER_PROCESSES, PostgreSQL only). One Node process runs its
 * JavaScript on one core, and that one thread is what limits a server's saves per second (bench/README.md);
 * the processes are instances like any other on the shared database (sessions, rate limits, conversion jobs
 * and their leases all live there), so the primary only starts, replaces and stops them. Node's cluster module
 * lets them share the port: the primary accepts connections and hands each to a process in turn.
 */

/** A process that exits this soon after it started listening is replaced only after RESTART_DELAY_MS (no busy loop). */
const MIN_UPTIME_MS = 10_000;
const RESTART_DELAY_MS = 1_000;

interface Supervisor {
  /** Resolves when every process listens (a process that exits before it does stops the primary instead). */
  ready: Promise<void>;
}

/**
 * In the primary: starts `count` processes running this same script and keeps that many running. A process that
 * exits unexpectedly after it listened is replaced; one that exits before it listened (say the database is
 * unreachable, or a replacement cannot start) stops all of them and the primary, as a single server would fail. SIGTERM and SIGINT stop the processes,
 * each draining its requests, and then the primary.
 */
export function superviseProcesses(count: number, log: (message: string) => void): Supervisor {
  let stopping = false;
  const listeningAt = new Map<Worker, number>();
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(exitCode);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      // Each process closes its server (letting requests in flight finish) and its database pool.
      worker.process.kill('SIGTERM');
    }
  };

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listeningAt.set(worker, Date.now());
      if (listeningAt.size === count) resolveReady();
    });
    worker.once('exit', (code, signal) => {
      const since = listeningAt.get(worker);
      listeningAt.delete(worker);
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      if (since === undefined) {
        log(`A server process exited before it listened (${how}): stopping the others`);
        stopAll(1);
        return;
      }
      log(`Server process ${worker.process.pid} exited (${how}); starting another`);
      setTimeout(start, Date.now() - since < MIN_UPTIME_MS ? RESTART_DELAY_MS : 0);
    });
  };

  for (let i = 0; i < count; i += 1) start();
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return { ready };
}
