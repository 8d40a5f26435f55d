/**
 * The operator's word to every applicant page: a notice, and the message while the application is in maintenance.
 * What the layouts render is a few bytes; its code comes in chunks of its own once the page is up.
 */
export { ServiceStatus } from './ServiceStatus';
