import type { SignInBody, StaffShape } from '../../kernel/staff/contract';
import { staffApi, type Me } from '../api';

export const signInApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useSignInMutation } = signInApi;
