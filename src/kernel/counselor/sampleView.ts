/**
 * A counselor's view of a waiting request, for the page's tests (src/counselor/testing.tsx) and its e2e spec: what
 * GET /counselor/api/request answers, from the kernel's own documents, waiver wording and limits.
 */
import {
  COUNSELOR_FILE_MAX_BYTES,
  RECOMMENDATION_MAX_CHARS,
  SCHOOL_REPORT_DOCUMENTS,
  waiverText,
} from '../schoolReport/rules';
import type { CounselorViewT } from './contract';

export const SAMPLE_COUNSELOR_VIEW: CounselorViewT = {
  college_name: 'Northfield College',
  applicant: {
    first_name: 'Maria',
    last_name: 'Hernandez',
    birth_date: '2008-03-04',
    high_school: 'Lincoln High School',
    entry_term: 'Fall 2027',
  },
  counselor: { first_name: 'Dana', last_name: 'Brooks' },
  waiver: { waived: true, text: waiverText('Y'), recorded_at: '2026-11-20T15:00:00.000Z' },
  state: 'requested',
  requested_at: '2026-11-21T15:00:00.000Z',
  submitted_at: null,
  declined_at: null,
  read_only_until: null,
  documents: SCHOOL_REPORT_DOCUMENTS.map((doc) => ({
    kind: doc.kind,
    label: doc.label,
    required: doc.required,
    status: 'not_answered' as const,
    message: '',
    file_name: null,
  })),
  recommendation_text: '',
  file_max_bytes: COUNSELOR_FILE_MAX_BYTES,
  recommendation_max_chars: RECOMMENDATION_MAX_CHARS,
};
