/**
 * The counselor's school report, the applicant's side: the status page's section (the completion page shows it)
 * and "Send the request now" on Final Steps. Both load with their own chunk: their calls are injected into the
 * one API from there (schoolReportApi.ts), so the first download carries none of it.
 */
export { SchoolReportStatus } from './SchoolReportStatus';
export const loadSendRequestNow = () => import(/* webpackChunkName: "send-request-now" */ './SendRequestNow');
