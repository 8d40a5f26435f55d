/**
 * The counselor's API (/counselor/api), as TypeBox schemas: the server validates with them and the counselor's
 * page takes its types from them. Every call carries the mailed token (paths.ts, COUNSELOR_TOKEN_HEADER).
 * Only counselor code imports this.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  RECOMMENDATION_MAX_CHARS,
  SCHOOL_REPORT_DOCUMENT_KINDS,
  SCHOOL_REPORT_STATES,
  type SchoolReportDocumentKind,
} from '../schoolReport/rules';

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const when = Type.Union([Type.String(), Type.Null()]);

export const CounselorDocument = Type.Object({
  kind: oneOf<SchoolReportDocumentKind>(SCHOOL_REPORT_DOCUMENT_KINDS),
  label: Type.String(),
  required: Type.Boolean(),
  status: oneOf(['not_answered', 'unprocessed', 'in_progress', 'completed', 'failed'] as const),
  message: Type.String(),
  file_name: Type.Union([Type.String(), Type.Null()]),
});

/** GET /counselor/api/request: only what a counselor needs, never the application. */
export const CounselorView = Type.Object({
  college_name: Type.String(),
  applicant: Type.Object({
    first_name: Type.String(),
    last_name: Type.String(),
    birth_date: Type.String(),
    high_school: Type.String(),
    entry_term: Type.String(),
  }),
  counselor: Type.Object({ first_name: Type.String(), last_name: Type.String() }),
  /** The applicant's waiver as recorded (its exact text), or null when they did not waive. */
  waiver: Type.Object({ waived: Type.Boolean(), text: Type.String(), recorded_at: Type.String() }),
  state: oneOf(SCHOOL_REPORT_STATES),
  requested_at: Type.String(),
  submitted_at: when,
  declined_at: when,
  /** After submitting, the page is read-only until then. */
  read_only_until: when,
  documents: Type.Array(CounselorDocument),
  recommendation_text: Type.String(),
  file_max_bytes: Type.Number(),
  recommendation_max_chars: Type.Number(),
});

export const KindParams = closed({ kind: oneOf<SchoolReportDocumentKind>(SCHOOL_REPORT_DOCUMENT_KINDS) });
export const RecommendationBody = closed({ text: Type.String({ maxLength: RECOMMENDATION_MAX_CHARS }) });
export const CounselorConversionBody = closed({
  file_key: Type.String({ minLength: 1, maxLength: 300 }),
  file_name: Type.String({ minLength: 1, maxLength: 255 }),
});

export type CounselorViewT = Static<typeof CounselorView>;
export type CounselorDocumentT = Static<typeof CounselorDocument>;
