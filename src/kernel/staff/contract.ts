/**
 * The staff console's API contract (/staff/api), as TypeBox schemas: the server validates with them and the staff
 * console takes its types from them (types only: TypeBox never reaches a bundle). Only staff code imports this.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { STAFF_ROLES, type StaffRole } from './roles';
import {
  APPLICANT_SORTS,
  APPLICANT_STATUSES,
  SCHOOL_REPORT_FILTERS,
  type ApplicantSort,
  type ApplicantStatus,
  type SchoolReportFilter,
} from './applicants';
import { AnswerMap, Counts, DocumentAnswers, TabChoices } from '../api/contract';
import { SchoolReportRequest, SchoolReportStatus } from '../schoolReport/contract';

/** A checklist item staff add ("Official SAT scores"). */
const CHECKLIST_LABEL_MAX_CHARS = 200;

const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const text = (maxLength: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength, ...extra });
const role = Type.Unsafe<StaffRole>({ type: 'string', enum: [...STAFF_ROLES] });

const email = text(254, { minLength: 3 });
const password = text(256);
/** A current authenticator code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
const code = text(40, { minLength: 1 });
const token = text(200, { minLength: 1 });

/* ---- Signing in ---- */

export const SignInBody = closed({ email, password, code });
export const StaffConfigReply = Type.Object({
  sso: Type.Boolean(),
  ssoName: Type.String(),
  /** SAML 2.0 sign-in (Shibboleth, InCommon…) is set up: "Sign in with {samlName}" goes to /staff/api/saml/start. */
  saml: Type.Boolean(),
  samlName: Type.String(),
  /** The college's time zone (COLLEGE_TIME_ZONE): the console shows every time in it, with the zone named. */
  timeZone: Type.String(),
});
export const MeReply = Type.Object({
  email: Type.String(),
  role,
  via: Type.Union([Type.Literal('password'), Type.Literal('sso')]),
});

/* ---- Enrolment (from the mailed link) ---- */

export const EnrolStartBody = closed({ token });
export const EnrolStartReply = Type.Object({
  email: Type.String(),
  role,
  /** The authenticator's key, base32, for anyone who cannot scan the QR code. */
  secret: Type.String(),
  /** otpauth://totp/… — what the QR code holds. */
  otpauthUri: Type.String(),
});
export const EnrolFinishBody = closed({ token, password, confirm_password: password, code });
export const EnrolFinishReply = Type.Object({ recoveryCodes: Type.Array(Type.String()), message: Type.String() });

/* ---- Staff accounts (admins) ---- */

export const StaffAccount = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role,
  enrolled: Type.Boolean(),
  createdAt: Type.String(),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  /** The single sign-on identity the account is bound to (its first SSO sign-in), or null. */
  sso: Type.Union([
    Type.Object({ issuer: Type.String(), subject: Type.String(), boundAt: Type.String() }),
    Type.Null(),
  ]),
});
export const AccountsReply = Type.Object({ accounts: Type.Array(StaffAccount) });
export const AddAccountBody = closed({ email, role });
export const RoleBody = closed({ role });
export const AccountParams = closed({ id: text(20, { pattern: '^[0-9]+$' }) });

/* ---- The audit log (admins) ---- */

export const AuditQuery = closed({
  actor: Type.Optional(text(254)),
  action: Type.Optional(text(60)),
  /** ISO dates (YYYY-MM-DD) or times, inclusive. */
  from: Type.Optional(text(40)),
  to: Type.Optional(text(40)),
  /** The page after this row id (keyset paging: rows come newest first). */
  before: Type.Optional(text(20, { pattern: '^[0-9]+$' })),
});
export const AuditRow = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
});
export const AuditPage = Type.Object({ rows: Type.Array(AuditRow), next: Type.Union([Type.String(), Type.Null()]) });
export const AUDIT_PAGE_SIZE = 50;

export const MessageReply = Type.Object({ message: Type.String() });

export type StaffShape<T extends TSchema> = Static<T>;

/* ---- Applicants (readers) ---- */

const statusSchema = Type.Unsafe<ApplicantStatus>({ type: 'string', enum: [...APPLICANT_STATUSES] });
const isoDate = text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const ApplicantsQuery = closed({
  /** Name or email, as typed: prefix and typo-tolerant, case and accents ignored. */
  q: Type.Optional(text(100)),
  status: Type.Optional(statusSchema),
  /** Submitted between these days (inclusive), in the college's time zone. */
  submittedFrom: Type.Optional(isoDate),
  submittedTo: Type.Optional(isoDate),
  term: Type.Optional(text(100)),
  major: Type.Optional(text(100)),
  documents: Type.Optional(Type.Unsafe<'waiting' | 'failed'>({ type: 'string', enum: ['waiting', 'failed'] })),
  /** Where the counselor's school report stands (SCHOOL_REPORT_FILTERS). */
  report: Type.Optional(Type.Unsafe<SchoolReportFilter>({ type: 'string', enum: [...SCHOOL_REPORT_FILTERS] })),
  sort: Type.Optional(Type.Unsafe<ApplicantSort>({ type: 'string', enum: [...APPLICANT_SORTS] })),
  dir: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'] })),
  /** The page after this cursor (the `next` of the page before). */
  after: Type.Optional(text(400)),
});
/**
 * An export's query: the list's filters, and `for=excel` for the file Excel opens (docs/export.md: the same CSV after a
 * UTF-8 byte-order mark); without it, the file for the student-information system.
 */
export const ExportQuery = closed({
  ...ApplicantsQuery.properties,
  for: Type.Optional(Type.Unsafe<'excel'>({ type: 'string', enum: ['excel'] })),
});
/** Who an applicant is and where the application stands: a list row's first columns and the detail's header. */
const applicantHeader = {
  id: Type.String(),
  applicationId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  status: statusSchema,
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  lastSavedAt: Type.Union([Type.String(), Type.Null()]),
};
export const ApplicantRow = Type.Object({
  ...applicantHeader,
  entryTerm: Type.String(),
  major: Type.String(),
  documentsWaiting: Type.Integer(),
  documentsFailed: Type.Integer(),
});
export const ApplicantsPage = Type.Object({
  rows: Type.Array(ApplicantRow),
  next: Type.Union([Type.String(), Type.Null()]),
  counts: Type.Record(Type.String(), Type.Integer()),
  /** The counts per school report filter, for the other filters (the report's own left out, as status's is). */
  reportCounts: Type.Record(Type.String(), Type.Integer()),
});
export const ApplicantParams = closed({ id: text(20, { pattern: '^[0-9]+$' }) });

/**
 * One applicant (GET /applicants/:id): the header, the answers as the applicant sees them (the console shows them
 * from the form definition), their documents, and the timeline, oldest first.
 */
export const ApplicantDetail = Type.Object({
  ...applicantHeader,
  answer: AnswerMap,
  addAnother: Counts,
  tabs: TabChoices,
  /** Each document question answered: the file's name and size (its PDF is /applicants/:id/documents/:key). */
  documents: DocumentAnswers,
  timeline: Type.Array(Type.Object({ at: Type.String(), what: Type.String() })),
  /**
   * The application deadline (null when APPLICATION_DEADLINE is unset), its grace, and this applicant's reopened
   * Submit (deadline-reopen: PUT and DELETE /applicants/:id/reopening). Instants as ISO 8601.
   */
  deadline: Type.Union([
    Type.Null(),
    Type.Object({
      closesAt: Type.String(),
      graceMinutes: Type.Integer(),
      reopening: Type.Union([Type.Null(), Type.Object({ until: Type.String(), by: Type.String(), at: Type.String() })]),
    }),
  ]),
});

/** PUT /applicants/:id/reopening: until when, a local date and time in the college's zone (a datetime-local's). */
export const ReopenBody = closed({
  until: text(19, { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$' }),
});

/* ---- The counselor's school report (readers read it; school-report-manage changes it) ---- */

/**
 * GET /applicants/:id/school-report: the applicant's status page as staff read it, every request newest first, and
 * the counselor as the applicant's answers name them (the request carries its own address: staff see both).
 */
export const StaffSchoolReport = Type.Object({
  status: SchoolReportStatus,
  history: Type.Array(SchoolReportRequest),
  answered: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String() }),
  /** Whether the counselor typed a recommendation (read it at …/school-report/recommendation). */
  hasRecommendationText: Type.Boolean(),
  /** The staff-marked checklist items, with their ids (the status's checklist names them `item-<id>`). */
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      doneAt: Type.Union([Type.String(), Type.Null()]),
      createdBy: Type.String(),
      createdAt: Type.String(),
    }),
  ),
});
/** GET /applicants/:id/school-report/recommendation: the typed recommendation, and whether it arrived waived. */
export const StaffRecommendation = Type.Object({
  text: Type.String(),
  waived: Type.Union([Type.Boolean(), Type.Null()]),
});
export const ChecklistBody = closed({ label: text(CHECKLIST_LABEL_MAX_CHARS, { minLength: 1 }) });
export const ChecklistItemParams = closed({
  id: text(20, { pattern: '^[0-9]+$' }),
  itemId: text(20, { pattern: '^[0-9]+$' }),
});
