import { http, HttpResponse } from 'msw';

/**
 * GET /public/service-status, which every page asks once it is up (src/features/serviceStatus): no notice, no
 * maintenance, unless a test says otherwise with server.use(...).
 */
export const serviceStatusHandlers = [
  http.get('*/public/service-status', () => HttpResponse.json({ notice: null, maintenance: false })),
];
