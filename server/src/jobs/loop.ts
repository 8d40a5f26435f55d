import type { FastifyBaseLogger } from 'fastify';

export interface JobLoopOptions {
  /** How often the queue is looked at when nobody woke the loop. */
  pollMs: number;
  log: FastifyBaseLogger;
  /** Named in the log line of an error the drain let through. */
  name: string;
  /**
   * Works through what is waiting, one job at a time, and returns when the queue is empty. `stopping()` turns true
   * once stop() was called: the drain returns after its current job (a forced runOnce() ignores it).
   */
  drain(stopping: () => boolean): Promise<void>;
}

/**
 * The loop of a worker on a job table (documents/worker.ts, mail/receiptWorker.ts): jobs live in the database, so
 * they survive a restart and are shared by the instances on one PostgreSQL, each claiming with a lease. The loop
 * drains the queue, woken at once by kick() when a job is queued and otherwise every pollMs (a job another instance
 * queued, one held back for a retry, a lease that lapsed). stop() lets the running job finish.
 */
export function createJobLoop(options: JobLoopOptions) {
  const { log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = options
      .drain(() => stopped)
      .catch((error) => log.error({ err: error }, `${options.name} error`))
      .finally(afterRun);
  }

  function afterRun() {
    running = null;
    if (again) {
      again = false;
      schedule(0);
    } else {
      schedule(options.pollMs);
    }
  }

  return {
    /** Starts looking at the queue, at once. */
    start() {
      stopped = false;
      schedule(0);
    },
    /** A job was queued: look now rather than at the next poll. */
    kick() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    /** No more jobs are taken; resolves once the running one is done. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    /** Tests: works through what is waiting now, in this call, even when stopped. */
    async runOnce() {
      while (running) await running;
      running = options.drain(() => false).finally(afterRun);
      await running;
    },
  };
}
