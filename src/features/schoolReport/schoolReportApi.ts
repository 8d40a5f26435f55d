import type { CounselorBodyT, SchoolReportStatusT } from '../../kernel/schoolReport/contract';
import { api, type MessageResponse } from '../../services/api';

/**
 * The school report's calls, injected into the one API from the status page's chunk and the Final Steps button's,
 * so the applicants' first download does not carry them. Every change refreshes the status.
 */
export const schoolReportApi = api.enhanceEndpoints({ addTagTypes: ['SchoolReport'] }).injectEndpoints({
  endpoints: (build) => ({
    getSchoolReport: build.query<SchoolReportStatusT, void>({
      query: () => '/api/school-report',
      providesTags: ['SchoolReport'],
    }),
    requestSchoolReport: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/school-report/request', method: 'POST', body: {} }),
      invalidatesTags: ['SchoolReport'],
    }),
    remindCounselor: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/school-report/reminder', method: 'POST', body: {} }),
      invalidatesTags: ['SchoolReport'],
    }),
    changeCounselor: build.mutation<MessageResponse, CounselorBodyT>({
      query: (body) => ({ url: '/api/school-report/counselor', method: 'PUT', body }),
      invalidatesTags: ['SchoolReport'],
    }),
    cancelSchoolReport: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/school-report', method: 'DELETE' }),
      invalidatesTags: ['SchoolReport'],
    }),
    revokeWaiver: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/school-report/waiver/revoke', method: 'POST', body: {} }),
      invalidatesTags: ['SchoolReport'],
    }),
  }),
  overrideExisting: false,
});

export const {
  useGetSchoolReportQuery,
  useRequestSchoolReportMutation,
  useRemindCounselorMutation,
  useChangeCounselorMutation,
  useCancelSchoolReportMutation,
  useRevokeWaiverMutation,
} = schoolReportApi;
