import type { AccountsReply, AddAccountBody, StaffShape } from '../../kernel/staff/contract';
import type { StaffRole } from '../../kernel/staff/roles';
import { staffApi, type Message } from '../api';

export type StaffAccount = StaffShape<typeof AccountsReply>['accounts'][number];

export const accountsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    staffAccounts: build.query<StaffShape<typeof AccountsReply>, void>({
      query: () => '/accounts',
      providesTags: ['Accounts'],
    }),
    addStaffAccount: build.mutation<Message, StaffShape<typeof AddAccountBody>>({
      query: (body) => ({ url: '/accounts', method: 'POST', body }),
      invalidatesTags: ['Accounts'],
    }),
    setStaffRole: build.mutation<Message, { id: string; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `/accounts/${encodeURIComponent(id)}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: ['Accounts'],
    }),
    removeStaffAccount: build.mutation<Message, { id: string }>({
      // A JSON body on every state-changing call: the server's CSRF rule asks for it.
      query: ({ id }) => ({ url: `/accounts/${encodeURIComponent(id)}`, method: 'DELETE', body: {} }),
      invalidatesTags: ['Accounts'],
    }),
    resetStaffSso: build.mutation<Message, { id: string }>({
      query: ({ id }) => ({ url: `/accounts/${encodeURIComponent(id)}/sso`, method: 'DELETE', body: {} }),
      invalidatesTags: ['Accounts'],
    }),
  }),
});

export const {
  useStaffAccountsQuery,
  useAddStaffAccountMutation,
  useSetStaffRoleMutation,
  useRemoveStaffAccountMutation,
  useResetStaffSsoMutation,
} = accountsApi;
