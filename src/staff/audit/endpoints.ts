import type { AuditPage, AuditQuery, StaffShape } from '../../kernel/staff/contract';
import { staffApi } from '../api';

export type AuditRow = StaffShape<typeof AuditPage>['rows'][number];

export const auditApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** The log, newest first, a page at a time: each next page asks for the rows before the last one's id. */
    auditLog: build.infiniteQuery<StaffShape<typeof AuditPage>, StaffShape<typeof AuditQuery>, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/audit',
        params: { ...queryArg, ...(pageParam ? { before: pageParam } : {}) },
      }),
    }),
  }),
});

export const { useAuditLogInfiniteQuery } = auditApi;
