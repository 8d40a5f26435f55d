import type { Queryable } from '../db/client';
import type {
  ChecklistItemT,
  SchoolReportRequestT,
  SchoolReportStatusT,
  SchoolReportWaiverT,
} from '../../../src/kernel/schoolReport/contract';
import {
  DONE_STATES,
  MANUAL_REMINDERS,
  SCHOOL_REPORT_STATE_LABELS,
  WAITING_STATES,
  type SchoolReportMailKind,
} from '../../../src/kernel/schoolReport/rules';
import { submittedAt } from '../applications/table';
import { allRequests, currentRequest, type RequestRow } from './requests';

/** A database time as the contract gives it (ISO 8601), or null. */
export const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);

/** A request row as the contract gives it, with its next automatic reminder. */
export function requestView(row: RequestRow, nextReminderAt: Date | null): SchoolReportRequestT {
  const waiting = WAITING_STATES.includes(row.state);
  return {
    id: Number(row.id),
    state: row.state,
    state_at: iso(row.state_at)!,
    counselor: { first_name: row.counselor_first_name, last_name: row.counselor_last_name, email: row.counselor_email },
    requested_at: iso(row.requested_at)!,
    next_reminder_at: waiting ? iso(nextReminderAt) : null,
    reminders_sent: row.reminders_sent,
    manual_reminder_available: waiting && !row.manual_reminder_at && MANUAL_REMINDERS > 0,
    received_at: iso(row.received_at),
    received_via: row.received_via,
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
    bounced_at: iso(row.bounced_at),
    cancelled_at: iso(row.cancelled_at),
    staff_note: row.staff_note,
  };
}

async function nextReminders(q: Queryable, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, Date>();
  const { rows } = await q.query<{ request_id: string; due_at: Date }>(
    `SELECT request_id, min(due_at) AS due_at FROM school_report_mails
      WHERE request_id = ANY($1::bigint[]) AND kind = 'reminder' AND status = 'queued' GROUP BY request_id`,
    [requestIds],
  );
  return new Map(rows.map((r) => [String(r.request_id), new Date(r.due_at)]));
}

/** The applicant's waiver as last recorded (Y or N), with a revocation recorded after it. */
export async function waiverOf(q: Queryable, userId: number): Promise<SchoolReportWaiverT | null> {
  const { rows } = await q.query<{ choice: 'Y' | 'N' | 'revoked'; text: string; version: number; recorded_at: Date }>(
    `SELECT choice, text, version, recorded_at FROM school_report_waivers WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  let waiver = null as SchoolReportWaiverT | null;
  for (const row of rows) {
    if (row.choice === 'revoked') {
      if (waiver && waiver.choice === 'Y' && !waiver.revoked_at) {
        waiver = { ...waiver, revoked_at: iso(row.recorded_at), revocation_text: row.text };
      }
    } else {
      waiver = {
        choice: row.choice,
        text: row.text,
        version: row.version,
        recorded_at: iso(row.recorded_at)!,
        revoked_at: null,
        revocation_text: null,
      };
    }
  }
  return waiver;
}

/** Whether a recommendation arriving now is one the applicant waived the right to see. */
export const waivedNow = (waiver: SchoolReportWaiverT | null) => Boolean(waiver?.choice === 'Y' && !waiver.revoked_at);

/**
 * The status page: the submission, the checklist (the application, the school report, what staff marked as
 * needed), the current request, the waiver and the mails about the requests, newest first.
 */
export async function statusOf(
  q: Queryable,
  userId: number,
  canRequest: (current: RequestRow | undefined) => Promise<boolean>,
): Promise<SchoolReportStatusT> {
  const [submitted, current, waiver, mails, items] = await Promise.all([
    submittedAt(q, userId),
    currentRequest(q, userId),
    waiverOf(q, userId),
    q.query<{ kind: SchoolReportMailKind; status: 'sent' | 'bounced' | 'failed'; to_address: string; at: Date }>(
      `SELECT m.kind, m.status, m.to_address, coalesce(m.sent_at, m.created_at) AS at
         FROM school_report_mails m JOIN school_report_requests r ON r.id = m.request_id
        WHERE r.user_id = $1 AND m.status IN ('sent', 'bounced', 'failed') ORDER BY at DESC, m.id DESC LIMIT 100`,
      [userId],
    ),
    q.query<{ id: string; label: string; done_at: Date | null; created_at: Date }>(
      'SELECT id, label, done_at, created_at FROM application_checklist_items WHERE user_id = $1 ORDER BY id',
      [userId],
    ),
  ]);
  const next = current ? ((await nextReminders(q, [current.id])).get(String(current.id)) ?? null) : null;
  const state = current?.state ?? 'not_requested';
  const checklist: ChecklistItemT[] = [
    {
      key: 'application',
      label: 'Application',
      done: Boolean(submitted),
      status: submitted ? 'Submitted' : 'Not submitted',
      at: iso(submitted),
    },
    {
      key: 'school_report',
      label: 'Counselor’s school report',
      done: DONE_STATES.includes(state),
      status: SCHOOL_REPORT_STATE_LABELS[state],
      at: iso(current?.state_at),
    },
    ...items.rows.map((item) => ({
      key: `item-${item.id}`,
      label: item.label,
      done: Boolean(item.done_at),
      status: item.done_at ? 'Received' : 'Needed',
      at: iso(item.done_at ?? item.created_at),
    })),
  ];
  return {
    submitted_at: iso(submitted),
    complete: checklist.every((item) => item.done),
    can_request: await canRequest(current),
    request: current ? requestView(current, next) : null,
    waiver,
    mails: mails.rows.map((m) => ({ kind: m.kind, status: m.status, to: m.to_address, at: iso(m.at)! })),
    checklist,
  };
}

/** Every request of the applicant, newest first (staff read the history). */
export async function historyOf(q: Queryable, userId: number): Promise<SchoolReportRequestT[]> {
  const rows = await allRequests(q, userId);
  const next = await nextReminders(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((row) => requestView(row, next.get(String(row.id)) ?? null));
}
