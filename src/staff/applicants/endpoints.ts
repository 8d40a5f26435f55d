import type { ApplicantRow, ApplicantsPage, StaffShape } from '../../kernel/staff/contract';
import type { AnswerValue } from '../../kernel/form/definition';
import { staffApi } from '../api';
import type { ApiQuery } from './listQuery';

export type Applicant = StaffShape<typeof ApplicantRow>;
export type Applicants = StaffShape<typeof ApplicantsPage>;

/** One applicant as GET /applicants/:id answers: the header, the answers (shown from the definition), the rest. */
export interface ApplicantDetail {
  id: string;
  applicationId: string;
  name: string;
  email: string;
  status: Applicant['status'];
  submittedAt: string | null;
  lastSavedAt: string | null;
  answer: Record<string, AnswerValue | undefined>;
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
  documents: Record<string, { file_name: string; file_size: number }>;
  timeline: { at: string; what: string }[];
}

export const applicantsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of 50 applicants for the filters (after the given cursor), and the counts per status. */
    applicants: build.query<Applicants, ApiQuery>({ query: (params) => ({ url: '/applicants', params }) }),
    applicant: build.query<ApplicantDetail, string>({ query: (id) => `/applicants/${encodeURIComponent(id)}` }),
  }),
});

export const { useApplicantsQuery, useLazyApplicantsQuery, useApplicantQuery } = applicantsApi;
