import type { FastifyBaseLogger } from 'fastify';

/**
 * Work an answer must not wait for. An account call answers alike whether or not the account exists (ASVS V6.3),
 * in time too: what only a known account needs (its mail, its extra writes) runs here, on a later turn of the event
 * loop, once the answer has gone out. A failure is logged (with `context`, never a code or a link), never thrown:
 * it must not reach the caller, crash the process or be an unhandled rejection.
 *
 * The work is tracked: `settled()` waits for all of it, so the app waits for it before it closes the database and
 * tests wait for it before they read the outbox.
 */
export function createAfterAnswer(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(what: string, context: Record<string, unknown>, work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => {
            try {
              log.error({ err: error, ...context }, `${what} failed`);
            } catch {
              // Nothing more can be done: the work is over either way.
            }
          },
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Resolves once no work is pending (work started meanwhile included). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
