import type { CounselorBodyT } from '../../kernel/schoolReport/contract';
import type { StaffRecommendation, StaffSchoolReport, StaffShape } from '../../kernel/staff/contract';
import { staffApi, type Message } from '../api';

export type SchoolReportPanelData = StaffShape<typeof StaffSchoolReport>;
type Recommendation = StaffShape<typeof StaffRecommendation>;

const base = (id: string) => `/applicants/${encodeURIComponent(id)}`;

/** The applicant page's school report panel: its read, and the changes staff with school-report-manage make. */
export const schoolReportApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    schoolReport: build.query<SchoolReportPanelData, string>({
      query: (id) => `${base(id)}/school-report`,
      providesTags: (_result, _error, id) => [{ type: 'SchoolReport', id }],
    }),
    /** The counselor's typed recommendation: read when asked for (an audited document read). */
    recommendation: build.query<Recommendation, string>({
      query: (id) => `${base(id)}/school-report/recommendation`,
    }),
    changeCounselor: build.mutation<Message, { id: string; counselor: CounselorBodyT }>({
      query: ({ id, counselor }) => ({ url: `${base(id)}/school-report/counselor`, method: 'PUT', body: counselor }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SchoolReport', id }],
    }),
    cancelRequest: build.mutation<Message, { id: string }>({
      query: ({ id }) => ({ url: `${base(id)}/school-report/cancel`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SchoolReport', id }],
    }),
    markSchoolReport: build.mutation<Message, { id: string; mark: 'received_other_means' | 'waived'; note: string }>({
      query: ({ id, mark, note }) => ({ url: `${base(id)}/school-report/mark`, method: 'POST', body: { mark, note } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SchoolReport', id }],
    }),
    addChecklistItem: build.mutation<Message, { id: string; label: string }>({
      query: ({ id, label }) => ({ url: `${base(id)}/checklist`, method: 'POST', body: { label } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SchoolReport', id }],
    }),
    checklistItemDone: build.mutation<Message, { id: string; itemId: string }>({
      query: ({ id, itemId }) => ({
        url: `${base(id)}/checklist/${encodeURIComponent(itemId)}/done`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'SchoolReport', id }],
    }),
  }),
});

export const {
  useSchoolReportQuery,
  useLazyRecommendationQuery,
  useChangeCounselorMutation,
  useCancelRequestMutation,
  useMarkSchoolReportMutation,
  useAddChecklistItemMutation,
  useChecklistItemDoneMutation,
} = schoolReportApi;
