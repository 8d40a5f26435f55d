import type { Queryable } from '../db/client';
import { collegeDayEndSql } from '../collegeDays';
import {
  DAY_MS,
  OVERDUE_AFTER_DAYS,
  REMINDER_DAYS,
  type ReceivedVia,
  type SchoolReportState,
} from '../../../src/kernel/schoolReport/rules';
import { linkToken, newLinkNonce, tokenHash } from './links';
import { queueMail, skipQueuedMails } from './mailJobs';

/** A request row as the service reads it (table school_report_requests, migration 016). */
export interface RequestRow {
  id: string;
  user_id: string;
  counselor_first_name: string;
  counselor_last_name: string;
  counselor_email: string;
  state: SchoolReportState;
  state_at: Date;
  requested_at: Date;
  requested_by: string;
  reminders_sent: number;
  manual_reminder_at: Date | null;
  received_at: Date | null;
  received_via: ReceivedVia | null;
  declined_at: Date | null;
  decline_reason: string | null;
  bounced_at: Date | null;
  cancelled_at: Date | null;
  staff_note: string | null;
  counselor_submitted_at: Date | null;
  recommendation_text: string;
  recommendation_waived: boolean | null;
  link_expires_at: Date;
  read_only_until: Date | null;
  current: boolean;
  link_nonce: string | null;
}

const COLUMNS = `id, user_id, counselor_first_name, counselor_last_name, counselor_email, state, state_at, requested_at,
  requested_by, reminders_sent, manual_reminder_at, received_at, received_via, declined_at, decline_reason, bounced_at,
  cancelled_at, staff_note, counselor_submitted_at, recommendation_text, recommendation_waived, link_expires_at,
  read_only_until, current, link_nonce`;

/** The applicant's current request (at most one: a unique index), locked when `forUpdate`. */
export async function currentRequest(q: Queryable, userId: number, forUpdate = false) {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${COLUMNS} FROM school_report_requests WHERE user_id = $1 AND current ${forUpdate ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0];
}

export async function allRequests(q: Queryable, userId: number) {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${COLUMNS} FROM school_report_requests WHERE user_id = $1 ORDER BY id DESC`,
    [userId],
  );
  return rows;
}

/** The live request a link's token opens: current, waiting or read-only, and not past the link's end. */
export async function requestByToken(q: Queryable, token: string) {
  const { rows } = await q.query<RequestRow>(
    `SELECT ${COLUMNS} FROM school_report_requests
      WHERE token_hash = $1 AND current AND link_expires_at > now()
        AND (read_only_until IS NULL OR read_only_until > now())`,
    [tokenHash(token)],
  );
  return rows[0];
}

export interface NewRequest {
  userId: number;
  counselor: { first_name: string; last_name: string; email: string };
  by: string;
  /** The cycle's last day (YYYY-MM-DD) and the college's zone: the link dies at the end of that day. */
  cycleEnd: string;
  timeZone: string;
  secret: string;
}

/**
 * Makes the applicant's new current request (the caller has retired the previous one), and queues its mail and its
 * automatic reminders (each only if due before the link's end). Returns its id.
 */
export async function insertRequest(tx: Queryable, request: NewRequest): Promise<number> {
  const nonce = newLinkNonce();
  const { rows } = await tx.query<{ id: string; requested_at: Date; link_expires_at: Date }>(
    `INSERT INTO school_report_requests (user_id, counselor_first_name, counselor_last_name, counselor_email,
            token_hash, link_nonce, state, requested_by, link_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'requested', $7, ${collegeDayEndSql('$8', '$9')})
     RETURNING id, requested_at, link_expires_at`,
    [
      request.userId,
      request.counselor.first_name,
      request.counselor.last_name,
      request.counselor.email,
      tokenHash(linkToken(request.secret, nonce)),
      nonce,
      request.by,
      request.cycleEnd,
      request.timeZone,
    ],
  );
  const { id, requested_at: requestedAt, link_expires_at: expiresAt } = rows[0];
  await queueMail(tx, Number(id), 'request', request.counselor.email);
  for (const days of REMINDER_DAYS) {
    const due = new Date(new Date(requestedAt).getTime() + days * DAY_MS);
    if (due < new Date(expiresAt)) await queueMail(tx, Number(id), 'reminder', request.counselor.email, due);
  }
  return Number(id);
}

/** The link dies: its token no longer opens the page, and reminders still queued are skipped. */
export async function endLink(tx: Queryable, requestId: number | string) {
  await tx.query(`UPDATE school_report_requests SET token_hash = NULL, link_nonce = NULL WHERE id = $1`, [requestId]);
  await skipQueuedMails(tx, Number(requestId));
}

/** Sets the request's state and the date it entered it, with the columns that go with it. */
export async function setState(
  tx: Queryable,
  requestId: number | string,
  state: SchoolReportState,
  columns: Record<string, unknown> = {},
) {
  const names = Object.keys(columns);
  const sets = names.map((name, i) => `${name} = $${i + 3}`);
  await tx.query(
    `UPDATE school_report_requests SET state = $2, state_at = now()${sets.length ? `, ${sets.join(', ')}` : ''}
      WHERE id = $1`,
    [requestId, state, ...names.map((name) => columns[name])],
  );
}

/** After an automatic or manual reminder went: counted; from the day it is overdue, overdue. */
export async function recordReminder(db: Queryable, requestId: number, dueAt: Date, requestedAt: Date) {
  const overdue = dueAt.getTime() - requestedAt.getTime() >= OVERDUE_AFTER_DAYS * DAY_MS;
  await db.query(
    `UPDATE school_report_requests
        SET reminders_sent = reminders_sent + 1,
            state = CASE WHEN $2 THEN 'overdue' WHEN state = 'requested' THEN 'reminded' ELSE state END,
            state_at = CASE WHEN $2 OR state = 'requested' THEN now() ELSE state_at END
      WHERE id = $1 AND state IN ('requested', 'reminded', 'overdue')`,
    [requestId, overdue],
  );
}

/** The applicant's address (their account), for the mails that tell them of their request. */
export async function applicantAddress(q: Queryable, userId: number | string): Promise<string> {
  const { rows } = await q.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
  return rows[0]?.username ?? '';
}

/** Whether the cycle is still open: before the end of its last day (YYYY-MM-DD) in the college's zone. */
export async function cycleOpen(q: Queryable, cycleEnd: string, timeZone: string): Promise<boolean> {
  const { rows } = await q.query<{ open: boolean }>(`SELECT now() < ${collegeDayEndSql('$1', '$2')} AS open`, [
    cycleEnd,
    timeZone,
  ]);
  return rows[0].open;
}
