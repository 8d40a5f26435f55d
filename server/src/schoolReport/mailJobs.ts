import type { Db, Queryable } from '../db/client';
import { answersAndAddress } from '../applications/table';
import { leasedRows } from '../jobs/leasedRows';
import type { SchoolReportMailKind, SchoolReportState } from '../../../src/kernel/schoolReport/rules';

/** A school report mail leased to one instance's worker, with the request facts its text and its outcome need. */
export interface MailJob {
  id: number;
  kind: SchoolReportMailKind;
  to: string;
  attempts: number;
  leaseOwner: string;
  dueAt: Date;
  requestId: number;
  userId: number;
  current: boolean;
  state: SchoolReportState;
  requestedAt: Date;
  linkNonce: string | null;
  linkExpiresAt: Date;
  counselorName: string;
  counselorEmail: string;
  applicantName: string;
  declineReason: string | null;
}

/** Queues one mail in the caller's transaction (it exists exactly when what it tells of does). */
export async function queueMail(
  tx: Queryable,
  requestId: number,
  kind: SchoolReportMailKind,
  to: string,
  dueAt: Date | null = null,
): Promise<void> {
  await tx.query(
    `INSERT INTO school_report_mails (request_id, kind, to_address, due_at) VALUES ($1, $2, $3, coalesce($4, now()))`,
    [requestId, kind, to, dueAt],
  );
}

/** The request's mails still waiting to go (its reminders): skipped, as the request no longer waits. */
export async function skipQueuedMails(tx: Queryable, requestId: number): Promise<void> {
  await tx.query(
    `UPDATE school_report_mails SET status = 'skipped', lease_until = NULL
      WHERE request_id = $1 AND status = 'queued' AND kind IN ('request', 'reminder', 'manual_reminder')`,
    [requestId],
  );
}

interface ClaimedRow {
  id: string;
  kind: SchoolReportMailKind;
  to_address: string;
  attempts: number;
  lease_owner: string;
  due_at: Date;
  request_id: string;
  user_id: string;
  current: boolean;
  state: SchoolReportState;
  requested_at: Date;
  link_nonce: string | null;
  link_expires_at: Date;
  counselor_name: string;
  counselor_email: string;
  decline_reason: string | null;
}

/** The queue as the worker (worker.ts) sees it; every write after the claim checks the lease. */
export function createMailJobs(db: Db) {
  const rows = leasedRows(db, 'school_report_mails');
  const finish =
    (status: 'sent' | 'bounced' | 'failed' | 'skipped') =>
    async (job: MailJob, error = '') => {
      await db.query(
        `UPDATE school_report_mails SET status = $3, sent_at = CASE WHEN $3 IN ('sent', 'bounced') THEN now() END,
              lease_until = NULL, last_error = $4
        WHERE id = $1 AND lease_owner = $2`,
        [job.id, job.leaseOwner, status, error],
      );
    };
  return {
    /**
     * Leases the oldest mail that is due (queued and not held back, or 'sending' by an instance whose lease lapsed).
     * SKIP LOCKED: instances on one PostgreSQL never take the same mail at once, so each goes once.
     */
    async claimNext(owner: string, leaseMs: number): Promise<MailJob | null> {
      const { rows } = await db.query<ClaimedRow>(
        `WITH claimed AS (
           UPDATE school_report_mails SET status = 'sending', attempts = attempts + 1, retry_at = NULL,
                  lease_owner = $1, lease_until = now() + $2::float8 * interval '1 millisecond'
            WHERE id = (SELECT id FROM school_report_mails
                         WHERE (status = 'queued' AND due_at <= now() AND (retry_at IS NULL OR retry_at <= now()))
                            OR (status = 'sending' AND lease_until < now())
                         ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING id, kind, to_address, attempts, lease_owner, due_at, request_id)
         SELECT c.*, r.user_id, r.current, r.state, r.requested_at, r.link_nonce, r.link_expires_at,
                r.counselor_first_name || ' ' || r.counselor_last_name AS counselor_name,
                r.counselor_email, r.decline_reason
           FROM claimed c JOIN school_report_requests r ON r.id = c.request_id`,
        [owner, leaseMs],
      );
      const row = rows[0];
      if (!row) return null;
      const { answer } = await answersAndAddress(db, row.user_id);
      const name = (key: string) => (typeof answer[key] === 'string' ? (answer[key] as string) : '');
      return {
        id: Number(row.id),
        kind: row.kind,
        to: row.to_address,
        attempts: row.attempts,
        leaseOwner: row.lease_owner,
        dueAt: new Date(row.due_at),
        requestId: Number(row.request_id),
        userId: Number(row.user_id),
        current: row.current,
        state: row.state,
        requestedAt: new Date(row.requested_at),
        linkNonce: row.link_nonce,
        linkExpiresAt: new Date(row.link_expires_at),
        counselorName: row.counselor_name,
        counselorEmail: row.counselor_email,
        applicantName: `${name('first_name')} ${name('last_name')}`.trim(),
        declineReason: row.decline_reason,
      };
    },

    renewLease: (job: MailJob, leaseMs: number) => rows.renew(job.id, job.leaseOwner, leaseMs),

    sent: finish('sent'),
    bounced: finish('bounced'),
    failed: finish('failed'),
    skipped: finish('skipped'),

    retryLater: (job: MailJob, delayMs: number, error: string) =>
      rows.retryLater(job.id, job.leaseOwner, delayMs, error),
  };
}
