/**
 * The counselor's school report: what the applicant's status page, the counselor's page, the staff console and
 * the server all mean by a request's state, its dates and its limits. One home for each (ARCHITECTURE.md, "One
 * gated scope per audience"); the counselor's own contract is src/kernel/counselor/.
 */
import { COUNSELOR_WAIVER_LABEL, WAIVER_OPTIONS } from '../form/definition/finalSteps';

/**
 * A request's states. `not_requested` is the absence of a request. `reminded` and `overdue` are still waiting for
 * the counselor; `received`, `declined`, `bounced`, `cancelled` and `waived` (staff only: not needed for this
 * applicant) end it. A received report is received `by_counselor` or, marked by staff, `by_other_means`.
 */
export const SCHOOL_REPORT_STATES = [
  'not_requested',
  'requested',
  'reminded',
  'overdue',
  'received',
  'declined',
  'bounced',
  'cancelled',
  'waived',
] as const;
export type SchoolReportState = (typeof SCHOOL_REPORT_STATES)[number];

/** The states in which the counselor's link works and reminders go. */
export const WAITING_STATES: readonly SchoolReportState[] = ['requested', 'reminded', 'overdue'];
/** The states that count as the item being done (the application is complete). */
export const DONE_STATES: readonly SchoolReportState[] = ['received', 'waived'];

export const SCHOOL_REPORT_STATE_LABELS: Record<SchoolReportState, string> = {
  not_requested: 'Not requested yet',
  requested: 'Requested',
  reminded: 'Reminded',
  overdue: 'Overdue',
  received: 'Received',
  declined: 'Declined by the counselor',
  bounced: 'Email bounced',
  cancelled: 'Cancelled',
  waived: 'Not needed',
};

export const RECEIVED_VIA = ['counselor', 'other_means'] as const;
export type ReceivedVia = (typeof RECEIVED_VIA)[number];

/** Automatic reminders to the counselor, in days after the request (none after the cycle's end). */
export const REMINDER_DAYS = [7, 14, 28] as const;
/** A request still waiting this many days after it was made is overdue. */
export const OVERDUE_AFTER_DAYS = 28;
export const DAY_MS = 24 * 60 * 60_000;
/** The applicant may send this many reminders by hand per request. */
export const MANUAL_REMINDERS = 1;
/** After the counselor submits, the link shows what was sent, read-only, this long; then it dies. */
export const READ_ONLY_AFTER_SUBMIT_MS = 24 * 60 * 60_000;

/**
 * A counselor's document may be larger than the applicant's 1 MB: transcripts are often scans of several pages.
 * 10 MB holds a 10-page scan at 300 dpi in JPEG or a phone's photo PDF; the content checks are the applicant's.
 */
export const COUNSELOR_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A typed recommendation: about four pages of text. */
export const RECOMMENDATION_MAX_CHARS = 10_000;
export const DECLINE_REASON_MAX_CHARS = 1_000;
export const STAFF_NOTE_MAX_CHARS = 1_000;

/** What the counselor may send. The answer keys are the applicant's documents' table's, under a reserved prefix. */
export const SCHOOL_REPORT_DOCUMENTS = [
  { kind: 'transcript', answerKey: 'school_report_transcript', label: 'Transcript', required: true },
  { kind: 'school_profile', answerKey: 'school_report_profile', label: 'School profile', required: false },
  { kind: 'recommendation', answerKey: 'school_report_recommendation', label: 'Recommendation', required: false },
] as const;
export type SchoolReportDocumentKind = (typeof SCHOOL_REPORT_DOCUMENTS)[number]['kind'];
export const SCHOOL_REPORT_DOCUMENT_KINDS = SCHOOL_REPORT_DOCUMENTS.map((d) => d.kind) as SchoolReportDocumentKind[];
/** No applicant question's key starts with it: the applicant's document calls refuse such keys. */
export const SCHOOL_REPORT_KEY_PREFIX = 'school_report_';
export const isSchoolReportKey = (answerKey: string) => answerKey.startsWith(SCHOOL_REPORT_KEY_PREFIX);

/**
 * The waiver's wording as the applicant saw it on Final Steps, and its version: recorded with each choice, so a
 * later change of wording never changes what an applicant agreed to. Bump the version when either text changes.
 */
export const WAIVER_VERSION = 1;
export const waiverText = (choice: string) =>
  `${COUNSELOR_WAIVER_LABEL} ${WAIVER_OPTIONS.find((o) => o.value === choice)?.label ?? ''}`.trim();
export const WAIVER_REVOCATION_TEXT =
  'I revoke my waiver of the right to see my counselor’s recommendation, for recommendations that arrive from now on.';

/** Mails about a request, as the status page and the staff console list them. */
export const SCHOOL_REPORT_MAIL_KINDS = [
  'request',
  'reminder',
  'manual_reminder',
  'link_ended',
  'received',
  'declined',
  'bounced',
] as const;
export type SchoolReportMailKind = (typeof SCHOOL_REPORT_MAIL_KINDS)[number];
export const SCHOOL_REPORT_MAIL_LABELS: Record<SchoolReportMailKind, string> = {
  request: 'Request sent to your counselor',
  reminder: 'Automatic reminder sent to your counselor',
  manual_reminder: 'Your reminder sent to your counselor',
  link_ended: 'Counselor told the old link no longer works',
  received: 'You were told the school report arrived',
  declined: 'You were told the counselor declined',
  bounced: 'You were told the counselor’s email bounced',
};

/** The counselor's documents' size limit and its message (the applicant's is FILE_MAX_BYTES). */
export const COUNSELOR_SIZE_LIMIT = {
  maxBytes: COUNSELOR_FILE_MAX_BYTES,
  tooLarge: 'The file is too large: a counselor’s document may be up to 10 MB.',
} as const;
/** The limit of a document stored under `answerKey`: undefined is the applicant's own. */
export const sizeLimitOf = (answerKey: string) => (isSchoolReportKey(answerKey) ? COUNSELOR_SIZE_LIMIT : undefined);

/**
 * The counselor's page and the mailed link to it (the mail is written by the school report's worker, the page is the
 * counselor's entry): the token rides in the fragment, which never reaches a server, a log or a Referer.
 */
export const COUNSELOR_PAGE = '/counselor/school-report';
export const counselorLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${COUNSELOR_PAGE}#t=${token}`;
