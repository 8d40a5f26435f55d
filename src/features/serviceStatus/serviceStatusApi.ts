import type { ServiceStatusReply, Shape } from '../../kernel/api/contract';
import { api } from '../../services/api';

export type ServiceStatusShape = Shape<typeof ServiceStatusReply>;

/**
 * GET /public/service-status, injected into the one API from the poller's chunk (not the first download). The
 * server's answer is a few dozen bytes, the same for everyone, cacheable for a few seconds.
 */
export const serviceStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServiceStatus: build.query<ServiceStatusShape, void>({ query: () => '/public/service-status' }),
  }),
});
