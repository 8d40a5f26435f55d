import type {
  ApplicantDetail as ApplicantDetailReply,
  ApplicantRow,
  ApplicantsPage,
  StaffShape,
} from '../../kernel/staff/contract';
import { staffApi } from '../api';
import type { ApiQuery } from './listQuery';

export type Applicant = StaffShape<typeof ApplicantRow>;
export type Applicants = StaffShape<typeof ApplicantsPage>;

/** One applicant as GET /applicants/:id answers (its schema is the contract's). */
export type ApplicantDetail = StaffShape<typeof ApplicantDetailReply>;

export const applicantsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of 50 applicants for the filters (after the given cursor), and the counts per status. */
    applicants: build.query<Applicants, ApiQuery>({ query: (params) => ({ url: '/applicants', params }) }),
    /** Read again after a school report change (its timeline shows the change). */
    applicant: build.query<ApplicantDetail, string>({
      query: (id) => `/applicants/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'SchoolReport', id }],
    }),
  }),
});

export const { useApplicantsQuery, useLazyApplicantsQuery, useApplicantQuery } = applicantsApi;
