import type { DeadlineReply, Shape } from '../../kernel/api/contract';
import { api } from '../../services/api';

/**
 * GET /api/deadline, injected into the one API by the deadline's own chunk (a page without a deadline never loads
 * it): when Submit closes and whether staff reopened it for this applicant.
 */
const deadlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeadline: build.query<Shape<typeof DeadlineReply>, void>({ query: () => '/api/deadline' }),
  }),
});

export const { useGetDeadlineQuery } = deadlineApi;
