/**
 * Submit, safe to repeat (the server answers a repeat as the first), so a lost one is sent again: its waits and its
 * words. Apart from constants.ts and messages.ts so that only the Submit's own chunk carries them, never the first
 * download (src/features/session/submitListeners.ts).
 */

/**
 * The waits before each new try of a submit whose answer was lost (no answer within SUBMIT_TIMEOUT_MS, or a
 * gateway's 502/503/504): about two minutes in all, then SUBMIT_UNCONFIRMED.
 */
export const SUBMIT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000, 30_000, 30_000] as const;

/** While Submit is at work, by the Submit button (announced politely); a retry says the connection dropped. */
export const SUBMIT_STATE = {
  submitting: 'Submitting your application…',
  retrying: 'Still submitting your application: the connection was interrupted, so we are trying again…',
} as const;

/** Every retry of a submit went unanswered: the applicant cannot know whether it arrived, and may press again. */
export const SUBMIT_UNCONFIRMED =
  'We could not reach our server to confirm your submission. Your answers are kept. Please check your connection and press Submit Application again: it is safe to press it more than once.';
