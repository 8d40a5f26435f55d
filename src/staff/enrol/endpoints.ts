import type {
  EnrolFinishBody,
  EnrolFinishReply,
  EnrolStartBody,
  EnrolStartReply,
  StaffShape,
} from '../../kernel/staff/contract';
import { staffApi } from '../api';

export type EnrolStart = StaffShape<typeof EnrolStartReply>;

export const enrolApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** The account the link is for, and its new authenticator key (the same key while the link lives). */
    enrolStart: build.mutation<EnrolStart, StaffShape<typeof EnrolStartBody>>({
      query: (body) => ({ url: '/enrol/start', method: 'POST', body }),
    }),
    /** Password and a first code: the account is ready, signed in, and its recovery codes come back once. */
    enrolFinish: build.mutation<StaffShape<typeof EnrolFinishReply>, StaffShape<typeof EnrolFinishBody>>({
      query: (body) => ({ url: '/enrol/finish', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useEnrolStartMutation, useEnrolFinishMutation } = enrolApi;
