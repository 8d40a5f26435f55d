import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createJobLoop } from '../jobs/loop';
import { whileLeased } from '../jobs/lease';
import { describeError } from '../jobs/leasedRows';
import { maskAddress, type Mailer } from './mailer';
import { RECEIPT_RETRY_DELAYS_MS, receiptMail, type ReceiptSettings } from './receipt';
import { createReceiptJobs, type ReceiptJob } from './receiptJobs';

export interface ReceiptWorkerOptions extends ReceiptSettings {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often the queue is looked at when nobody woke the worker (a retry coming due, another instance's job). */
  pollMs: number;
  /** How long a claimed receipt stays this worker's without renewal (renewed while the mail server is slow). */
  leaseMs: number;
  /** The waits between tries; the receipt is given up after the last. */
  retryDelaysMs?: readonly number[];
}

/** How often each instance looks for receipts due: the shortest retry delay (a submit wakes its own at once). */
export const RECEIPT_POLL_MS = RECEIPT_RETRY_DELAYS_MS[0];

/**
 * Mails the submissions' receipts from receipt_jobs (queued by the submission's transaction), one at a time, in
 * every instance: the lease makes one instance send each. The submit's answer never waits for it. A failed try is
 * retried after the next of retryDelaysMs; after the last the receipt is given up and logged. A crash between the
 * mail and its record can send a receipt twice: rather twice than never.
 */
export function createReceiptWorker(options: ReceiptWorkerOptions) {
  const { mailer, log, leaseMs } = options;
  const jobs = createReceiptJobs(options.db);
  const delays = options.retryDelaysMs ?? RECEIPT_RETRY_DELAYS_MS;
  const owner = crypto.randomUUID();

  async function send(job: ReceiptJob) {
    try {
      await whileLeased(
        leaseMs,
        () => jobs.renewLease(job, leaseMs),
        log,
        () => mailer.send(receiptMail(job, options)),
      );
    } catch (error) {
      const delay = delays[job.attempts - 1];
      const to = maskAddress(job.to);
      if (delay === undefined) {
        log.error({ err: error, to, attempts: job.attempts }, 'submission receipt not sent');
        await jobs.giveUp(job, describeError(error));
      } else {
        log.warn({ err: error, to, attempt: job.attempts }, 'submission receipt retried');
        await jobs.retryLater(job, delay, describeError(error));
      }
      return;
    }
    await jobs.sent(job);
  }

  async function drain(stopping: () => boolean) {
    while (!stopping()) {
      const job = await jobs.claimNext(owner, leaseMs);
      if (!job) return;
      await send(job);
    }
  }

  return createJobLoop({ pollMs: options.pollMs, log, name: 'receipt worker', drain });
}

export type ReceiptWorker = ReturnType<typeof createReceiptWorker>;
