import type { Queryable } from '../db/client';

/** The mail job tables: a row is 'sending' while an instance holds its lease, 'queued' again to be retried. */
type MailJobTable = 'receipt_jobs' | 'school_report_mails';

/**
 * The lease's writes that the mail queues share (mail/receiptJobs.ts, schoolReport/mailJobs.ts): renewing it while
 * the mail server is slow, and handing the row back for a later try. Each checks the lease's owner, so an instance
 * whose lease lapsed (another took the row) changes nothing.
 */
export function leasedRows(db: Queryable, table: MailJobTable) {
  return {
    async renew(id: number, owner: string, leaseMs: number): Promise<void> {
      await db.query(
        `UPDATE ${table} SET lease_until = now() + $3::float8 * interval '1 millisecond'
          WHERE id = $1 AND status = 'sending' AND lease_owner = $2`,
        [id, owner, leaseMs],
      );
    },

    /** The try failed: queued again, held back for `delayMs`, its error kept. */
    async retryLater(id: number, owner: string, delayMs: number, error: string): Promise<void> {
      await db.query(
        `UPDATE ${table} SET status = 'queued', retry_at = now() + $3::float8 * interval '1 millisecond',
                lease_owner = NULL, lease_until = NULL, last_error = $4
          WHERE id = $1 AND lease_owner = $2`,
        [id, owner, delayMs, error],
      );
    },
  };
}

/** The error kept with a failed try: its message only (an SMTP reply never carries the mail's text). */
export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
