/** The account service's answers, shown on the account cards' toasts (the server sends them; the pages translate). */
export const IDENTITY_MESSAGES = {
  signedUp: 'Your account was created. We have emailed you a confirmation code.',
  confirmed: 'Your account is confirmed. You can now log in.',
  alreadyConfirmed: 'This account is already confirmed. Please log in.',
  codeWrong: 'That confirmation code is not correct. Please check it and try again.',
  codeExpired: 'That confirmation code has expired. Please ask for a new one.',
  tooManyCodeAttempts: 'Too many attempts. Please wait an hour and try again, or ask for a new code.',
  resent: 'If this email has an account waiting for confirmation, we have sent it a new code.',
  badCredentials: 'Incorrect email address or password.',
  notConfirmed: 'Your account is not confirmed yet. Enter the code we emailed you, or ask for a new one.',
  loggedIn: 'You are logged in.',
  forgot: 'If an account exists for this email address, we have sent it a link to reset your password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetLinkBad: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordsDiffer: 'The passwords do not match.',
  tooManyResetAttempts: 'Too many attempts. Please wait an hour and ask for a new reset link.',
} as const;
