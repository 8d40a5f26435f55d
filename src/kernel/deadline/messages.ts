/**
 * What the server answers a Submit that arrived after the application deadline (server/src/deadline/rule.ts), with
 * the code DEADLINE_PASSED_CODE (kernel/messages.ts); the form pages' passed state shows the same words. Apart from
 * kernel/messages.ts because the first download needs only the code: these words come with the deadline's chunk.
 */
export const DEADLINE_PASSED = 'The application deadline has passed, so this application can no longer be submitted.';
