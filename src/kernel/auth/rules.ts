/**
 * The account rules of SPEC §5, shared by the pages (yup schemas) and the server (which never trusts
 * the client). No React, no yup here: plain predicates and the spec's exact wording.
 */
import { PASSWORD_MIN_LENGTH, CONFIRMATION_CODE_LENGTH } from '../constants';

/** A standard email pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const MESSAGES = {
  emailInvalid: 'Your email address must be valid.',
  loginEmailInvalid: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  codeInvalid: 'The confirmation code must be exactly 6 numbers.',
  resendEmailInvalid: 'You must provide a valid email address to resend a confirmation code.',
  passwordsMustMatch: 'passwords must match',
} as const;

export interface PasswordRule {
  id: string;
  /** The requirement line the sign-up page shows, word for word. */
  text: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', text: `is at least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', text: 'contains at least one uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lower', text: 'contains at least one lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', text: 'contains at least one number', test: (p) => /[0-9]/.test(p) },
  { id: 'special', text: 'contains at least one special character', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
  { id: 'whitespace', text: 'contains no leading or trailing whitespace', test: (p) => p === p.trim() },
];

/** An email as accounts are keyed by it (applicants' and staff's): no surrounding spaces, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export const CONFIRMATION_CODE_PATTERN = new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`);

/** The server's code for a login with the right password on an account that is not confirmed yet (HTTP 403). */
export const USER_NOT_CONFIRMED_CODE = 'UserNotConfirmedException';

/**
 * A confirmation code as typed or pasted from the mail: "123 456" and "123-456" become "123456".
 * Only spaces and dashes are removed; anything else stays, so the code rule can reject it.
 */
export function normaliseConfirmationCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The reset page's extra requirement line: both passwords typed, and the same. */
export function passwordsMatch(password: string, confirmPassword: string): boolean {
  return confirmPassword !== '' && password === confirmPassword;
}
