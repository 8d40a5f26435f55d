import type { SignInBody, StaffConfigReply, StaffShape } from '../../kernel/staff/contract';
import { staffApi, type Me } from '../api';

type StaffConfig = StaffShape<typeof StaffConfigReply>;

export const signInApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whether single sign-on is set up, and the provider's name for its button. */
    staffConfig: build.query<StaffConfig, void>({ query: () => '/config' }),
    signIn: build.mutation<Me, StaffShape<typeof SignInBody>>({
      query: (body) => ({ url: '/sign-in', method: 'POST', body }),
      // The answer is who signed in: the layout's /me needs no second call.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) await dispatch(staffApi.util.upsertQueryData('me', undefined, data));
      },
    }),
  }),
});

export const { useStaffConfigQuery, useSignInMutation } = signInApi;
