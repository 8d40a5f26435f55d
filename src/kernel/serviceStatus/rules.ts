/**
 * The operator's notice and maintenance mode (server/src/serviceStatus/), the rules the server and the page share.
 * Their words are in messages.ts beside this file, which the first download does not carry.
 */

/** The code of every change refused while the application is in maintenance (503), so the page can tell it apart. */
export const MAINTENANCE_CODE = 'Maintenance';
/**
 * A save refused by maintenance mode is tried again after this (the server says the same in Retry-After), and at
 * once when the page learns that the maintenance is over.
 */
export const MAINTENANCE_RETRY_MS = 60_000;
/** How often an open applicant page asks for the notice and maintenance mode (and when its tab is shown again). */
export const SERVICE_STATUS_POLL_MS = 60_000;
/** The longest notice an operator may set (it shows at the top of every applicant page, on a phone too). */
export const NOTICE_MAX_LENGTH = 500;
