import type {
  ApplicantDetail as ApplicantDetailReply,
  ApplicantRow,
  ApplicantsPage,
  StaffShape,
} from '../../kernel/staff/contract';
import { staffApi, type Message } from '../api';
import type { ApiQuery } from './listQuery';

export type Applicant = StaffShape<typeof ApplicantRow>;
export type Applicants = StaffShape<typeof ApplicantsPage>;

/** One applicant as GET /applicants/:id answers (its schema is the contract's). */
export type ApplicantDetail = StaffShape<typeof ApplicantDetailReply>;

export const applicantsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of 50 applicants for the filters (after the given cursor), and the counts per status. */
    applicants: build.query<Applicants, ApiQuery>({ query: (params) => ({ url: '/applicants', params }) }),
    /** Read again after a school report change (its timeline shows the change) or a reopening of its Submit. */
    applicant: build.query<ApplicantDetail, string>({
      query: (id) => `/applicants/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [
        { type: 'SchoolReport', id },
        { type: 'Applicant', id },
      ],
    }),
    /** Reopen this applicant's Submit after the deadline until `until` (the college's local time), or withdraw it. */
    reopenSubmit: build.mutation<Message, { id: string; until: string }>({
      query: ({ id, until }) => ({
        url: `/applicants/${encodeURIComponent(id)}/reopening`,
        method: 'PUT',
        body: { until },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Applicant', id }],
    }),
    withdrawReopening: build.mutation<Message, { id: string }>({
      query: ({ id }) => ({ url: `/applicants/${encodeURIComponent(id)}/reopening`, method: 'DELETE', body: {} }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Applicant', id }],
    }),
  }),
});

export const {
  useApplicantsQuery,
  useLazyApplicantsQuery,
  useApplicantQuery,
  useReopenSubmitMutation,
  useWithdrawReopeningMutation,
} = applicantsApi;
