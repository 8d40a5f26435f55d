/** The staff console's messages, shared by the server (which sends them) and the console (which shows them). */
export const STAFF_MESSAGES = {
  badSignIn: 'Incorrect email address, password or authenticator code.',
  signedIn: 'You are signed in.',
  signedOut: 'You have been signed out.',
  notSignedIn: 'You are not signed in, or your session has ended.',
  forbidden: 'Your role does not allow this. Ask an admin if you need it.',
  enrolLinkBad: 'This enrolment link is invalid, used or expired. Ask an admin for a new one.',
  enrolCodeWrong: 'That authenticator code is not correct. Check the time on your phone and try again.',
  enrolled: 'Your account is ready. Keep your recovery codes somewhere safe: they are shown only once.',
  passwordsDiffer: 'The passwords do not match.',
  staffExists: 'A staff account with this email address already exists.',
  staffMissing: 'There is no staff account with this email address.',
  staffAdded: 'The staff account was added and an enrolment link was emailed.',
  lastAdmin: 'This is the last admin: add another admin first.',
  ssoOff: 'Single sign-on is not set up here.',
  ssoUnknown: 'Your college account has no staff account here. Ask an admin to add you.',
  ssoNoMfa: 'Your college sign-in did not use multi-factor authentication, which this console requires.',
  ssoFailed: 'Single sign-on did not complete. Please try again.',
  ssoUnverified:
    "Your college account's email address is not verified, so it cannot be matched to a staff account. Ask your college's IT team.",
  ssoBoundElsewhere:
    'This staff account is linked to another college sign-in. Ask an admin to reset its single sign-on link.',
  ssoReset: 'The single sign-on link was reset: their next single sign-on links the account again.',
  datesInvalid: 'Enter dates as YYYY-MM-DD.',
  noDeadline: 'No application deadline is set, so there is nothing to reopen.',
  reopenTimeInvalid: 'Enter a date and time that exists in the college’s time zone.',
  reopenInPast: 'Choose a time in the future.',
  reopenBeforeDeadline: 'Choose a time after the application deadline.',
  notReopened: 'This applicant’s Submit is not reopened.',
  reopenWithdrawn: 'The reopening was withdrawn: Submit is closed for this applicant again.',
  totpUnavailable:
    'Sign-in with an authenticator is unavailable: the server cannot read its authenticator keys. Tell your IT team.',
} as const;

/**
 * How long a lock lasts, in words: seconds under a minute (rounded up to ten, so two answers a moment apart read
 * alike), else whole minutes (rounded up). The lock is 30 s, doubling up to 15 minutes (identity/loginBackoff.ts).
 */
function lockWait(ms: number): string {
  if (ms <= 60_000) {
    const seconds = Math.max(10, Math.ceil(ms / 10_000) * 10);
    return seconds === 60 ? '1 minute' : `${seconds} seconds`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minutes`;
}

/** A sign-in refused because the email typed is locked (whether or not it is a staff account's). */
export const staffLockedMessage = (waitMs: number) =>
  `Too many failed attempts. Please try again in ${lockWait(waitMs)}.`;

/** The failed sign-in that locks the email typed: it says so, and for how long. */
export const staffLockedNowMessage = (lockMs: number) =>
  `${STAFF_MESSAGES.badSignIn} After too many failed attempts, sign-in with this email address is locked for ${lockWait(lockMs)}.`;
