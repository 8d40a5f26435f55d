import type { Db, Queryable } from '../db/client';
import { leasedRows } from '../jobs/leasedRows';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import type { Receipt } from './receipt';

/** A receipt waiting to be mailed (table receipt_jobs, migration 008). */
export interface ReceiptJob extends Receipt {
  id: number;
  /** Tries so far, this one included once claimed. */
  attempts: number;
  lease_owner: string;
}

/**
 * Queues a submission's receipt in the submission's own transaction (`tx`): it exists exactly when the submission
 * does, and a crash between the answer and the mail loses nothing. Its application id is the user's, made when
 * the receipt is claimed.
 */
export async function queueReceipt(
  tx: Queryable,
  userId: number,
  receipt: Omit<Receipt, 'applicationId'>,
): Promise<void> {
  await tx.query('INSERT INTO receipt_jobs (user_id, to_address, name, submitted_at) VALUES ($1, $2, $3, $4)', [
    userId,
    receipt.to,
    receipt.name,
    receipt.submittedAt,
  ]);
}

/** The receipts' queue, as the worker (receiptWorker.ts) sees it. Every write after the claim checks the lease. */
export function createReceiptJobs(db: Db) {
  const rows = leasedRows(db, 'receipt_jobs');
  return {
    /**
     * Leases the oldest receipt that is due (queued and not held back, or 'sending' by an instance whose lease
     * lapsed) to `owner`. SKIP LOCKED: instances on one PostgreSQL never take the same receipt at once.
     */
    async claimNext(owner: string, leaseMs: number): Promise<ReceiptJob | null> {
      const { rows } = await db.query<{
        id: string | number;
        user_id: string | number;
        to_address: string;
        name: string;
        submitted_at: Date | string;
        attempts: number;
        lease_owner: string;
      }>(
        `UPDATE receipt_jobs SET status = 'sending', attempts = attempts + 1, retry_at = NULL,
                lease_owner = $1, lease_until = now() + $2::float8 * interval '1 millisecond'
          WHERE id = (SELECT id FROM receipt_jobs
                       WHERE (status = 'queued' AND (retry_at IS NULL OR retry_at <= now()))
                          OR (status = 'sending' AND lease_until < now())
                       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id, to_address, name, submitted_at, attempts, lease_owner`,
        [owner, leaseMs],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        to: row.to_address,
        name: row.name,
        submittedAt: new Date(row.submitted_at),
        applicationId: applicationIdOf(row.user_id),
        attempts: row.attempts,
        lease_owner: row.lease_owner,
      };
    },

    /** The worker is still sending `job`: its lease runs leaseMs more. */
    renewLease: (job: ReceiptJob, leaseMs: number) => rows.renew(job.id, job.lease_owner, leaseMs),

    async sent(job: ReceiptJob): Promise<void> {
      await db.query(
        `UPDATE receipt_jobs SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = ''
          WHERE id = $1 AND lease_owner = $2`,
        [job.id, job.lease_owner],
      );
    },

    /** The try failed: queued again, held back for `delayMs`. */
    retryLater: (job: ReceiptJob, delayMs: number, error: string) =>
      rows.retryLater(job.id, job.lease_owner, delayMs, error),

    /** The last try failed: the receipt is given up, its error kept. */
    async giveUp(job: ReceiptJob, error: string): Promise<void> {
      await db.query(
        `UPDATE receipt_jobs SET status = 'failed', lease_until = NULL, last_error = $3
          WHERE id = $1 AND lease_owner = $2`,
        [job.id, job.lease_owner, error],
      );
    },
  };
}
