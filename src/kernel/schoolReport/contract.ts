/**
 * The school report's shapes as TypeBox schemas: the applicant's status (GET /api/school-report, the status page)
 * and the request as staff see it build on these. Types only reach the bundles (TypeBox never does).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  DECLINE_REASON_MAX_CHARS,
  RECEIVED_VIA,
  SCHOOL_REPORT_MAIL_KINDS,
  SCHOOL_REPORT_STATES,
  STAFF_NOTE_MAX_CHARS,
} from './rules';

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const when = Type.Union([Type.String(), Type.Null()]);
const name = Type.String({ minLength: 1, maxLength: 100 });
const email = Type.String({ minLength: 3, maxLength: 254 });

export const SchoolReportCounselor = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});

/** One request (the current one, or one staff read in the history). Times are ISO 8601. */
export const SchoolReportRequest = Type.Object({
  id: Type.Number(),
  state: oneOf(SCHOOL_REPORT_STATES),
  /** When it entered its state. */
  state_at: Type.String(),
  counselor: SchoolReportCounselor,
  requested_at: Type.String(),
  /** The next automatic reminder, if one is still to go. */
  next_reminder_at: when,
  reminders_sent: Type.Number(),
  manual_reminder_available: Type.Boolean(),
  received_at: when,
  received_via: Type.Union([oneOf(RECEIVED_VIA), Type.Null()]),
  declined_at: when,
  decline_reason: Type.Union([Type.String(), Type.Null()]),
  bounced_at: when,
  cancelled_at: when,
  /** Staff's note when they marked it received by other means or not needed. */
  staff_note: Type.Union([Type.String(), Type.Null()]),
});

export const SchoolReportWaiver = Type.Object({
  choice: oneOf(['Y', 'N'] as const),
  /** The exact text the applicant saw and its version. */
  text: Type.String(),
  version: Type.Number(),
  recorded_at: Type.String(),
  revoked_at: when,
  revocation_text: Type.Union([Type.String(), Type.Null()]),
});

export const SchoolReportMail = Type.Object({
  kind: oneOf(SCHOOL_REPORT_MAIL_KINDS),
  /** `sent`, or `bounced` (a permanent refusal), or `failed` (given up after retries). */
  status: oneOf(['sent', 'bounced', 'failed'] as const),
  to: Type.String(),
  at: Type.String(),
});

/** A checklist line: the application itself, the school report, and what staff mark as needed. */
export const ChecklistItem = Type.Object({
  key: Type.String(),
  label: Type.String(),
  done: Type.Boolean(),
  /** The state's words ("Received", "Requested"…). */
  status: Type.String(),
  at: when,
});

/** GET /api/school-report: the status page. */
export const SchoolReportStatus = Type.Object({
  submitted_at: when,
  /** Submitted and every checklist item done. */
  complete: Type.Boolean(),
  /** The applicant's answers name a counselor and the waiver, and no request is waiting or done. */
  can_request: Type.Boolean(),
  request: Type.Union([SchoolReportRequest, Type.Null()]),
  waiver: Type.Union([SchoolReportWaiver, Type.Null()]),
  mails: Type.Array(SchoolReportMail),
  checklist: Type.Array(ChecklistItem),
});

/** PUT /api/school-report/counselor (and staff's): a corrected address, or another counselor. */
export const CounselorBody = closed({ first_name: name, last_name: name, email });
export const StaffMarkBody = closed({
  mark: oneOf(['received_other_means', 'waived'] as const),
  note: Type.String({ minLength: 1, maxLength: STAFF_NOTE_MAX_CHARS }),
});
export const DeclineBody = closed({ reason: Type.String({ minLength: 1, maxLength: DECLINE_REASON_MAX_CHARS }) });

export type SchoolReportStatusT = Static<typeof SchoolReportStatus>;
export type SchoolReportRequestT = Static<typeof SchoolReportRequest>;
export type SchoolReportWaiverT = Static<typeof SchoolReportWaiver>;
export type ChecklistItemT = Static<typeof ChecklistItem>;
export type CounselorBodyT = Static<typeof CounselorBody>;
