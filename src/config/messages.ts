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

/** Titles of the auth cards' error toasts. */
export const CARD_ERRORS = {
  login: 'Login Card Error',
  signup: 'Sign Up Card Error',
  confirm: 'Confirm Card Error',
  forgot: 'Forgot Password Card Error',
  reset: 'Reset Password Card Error',
  resend: 'Resend Confirmation Code Error',
} as const;
