import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` on a leased job, renewing the lease every third of leaseMs while it runs, so a slow job (a long
 * conversion, a mail server slow to answer) stays its worker's, while a crashed instance's lease lapses and another
 * instance takes the job.
 */
export async function whileLeased<T>(
  leaseMs: number,
  renew: () => Promise<unknown>,
  log: FastifyBaseLogger,
  work: () => Promise<T>,
): Promise<T> {
  const renewal = setInterval(() => {
    renew().catch((error) => log.warn({ err: error }, 'lease not renewed'));
  }, leaseMs / 3);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
  }
}
