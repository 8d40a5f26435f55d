/** Messages of the error catalogue (SPEC §8) and other fixed wording the shell shows. One home for each. */
export const GENERIC_ERROR = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';
export const INACTIVITY_LOGOUT = 'You have been automatically logged out due to inactivity.';
export const SUBMIT_SUCCESS = 'Your application was successfully submitted.';
export const ROOT_ERROR_TITLE = 'Something went wrong.';
export const ROOT_ERROR_TEXT =
  'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.';
export const DIALOG_BOUNDARY_TITLE = 'Unexpected Error';
export const DEFAULT_MODAL_TITLE = 'Error';

/** The title (and accessible name) of every success toast (SPEC §2 navigation state successMessage). */
export const SUCCESS_TOAST_TITLE = 'Success Notification';

/** Titles of the auth cards' error toasts. */
export const CARD_ERRORS = {
  login: 'Login Card Error',
  signup: 'Sign Up Card Error',
  confirm: 'Confirm Card Error',
  forgot: 'Forgot Password Card Error',
  reset: 'Reset Password Card Error',
  resend: 'Resend Confirmation Code Error',
} as const;

/** Save state by the bottom bar (Answers-are-never-lost issue). */
export const SAVE_STATE = {
  saved: 'All changes saved',
  saving: 'Saving…',
  offline: 'You are offline. Your answers are kept on this device and will be sent when you are back online.',
} as const;
export const ANSWERS_KEPT_TITLE = 'Answers kept on this device';
export const ANSWERS_KEPT =
  'Some of your answers could not be sent. They are kept on this device and will be sent after you next log in here.';
/** After a login that sent answers a session had left unsent on this device (or could not, and why). */
export const LAST_VISIT_SAVED_TITLE = 'Answers from your last visit saved';
export const LAST_VISIT_SAVED =
  'Some answers you gave on this device during your last visit had not reached us when your session ended. They are saved now.';
export const LAST_VISIT_REFUSED_TITLE = 'Answers from your last visit not saved';

/** The print view's line while the applicant's answers (or its code) are on their way (FormPage.tsx, PrintView.tsx). */
export const REVIEW_LOADING = 'Loading the application…';

/**
 * The code of a Submit the server refused because it arrived after the application deadline (server/src/deadline/):
 * the SPA branches on it (its page shows the deadline's passed state, never a dialog). The words: deadline/messages.ts.
 */
export const DEADLINE_PASSED_CODE = 'DeadlinePassed';
