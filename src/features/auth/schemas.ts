/**
 * The yup schemas of the five account forms (SPEC §3 "Forms", §5 "Auth"). The rules and the wording live in
 * rules.ts, shared with the server; this file only puts them into yup's shape for formik.
 *
 * formik hands '' to yup as undefined, so every test reads `value ?? ''`.
 */
import { object, string, type InferType } from 'yup';
import { CONFIRMATION_CODE_PATTERN, isValidEmail, MESSAGES, PASSWORD_RULES } from '../../kernel/auth/rules';

/** An email address (trimmed first, as the server does); empty fails with the same message. */
export const emailSchema = (message: string) =>
  string()
    .default('')
    .trim()
    .test('email', message, (value) => isValidEmail(value ?? ''));

/** Every sign-up requirement line is a test whose message is the line's own text (all collected). */
export const newPasswordSchema = PASSWORD_RULES.reduce(
  (schema, rule) => schema.test(rule.id, rule.text, (value) => rule.test(value ?? '')),
  string().default(''),
);

export const signUpSchema = object({
  username: emailSchema(MESSAGES.emailInvalid),
  password: newPasswordSchema,
});

export const confirmSchema = object({
  username: emailSchema(MESSAGES.emailInvalid),
  code: string()
    .default('')
    .trim()
    .required(MESSAGES.codeInvalid)
    .matches(CONFIRMATION_CODE_PATTERN, MESSAGES.codeInvalid),
});

export const loginSchema = object({
  username: emailSchema(MESSAGES.loginEmailInvalid),
  // Never trimmed: a password is what it is.
  password: string().default('').required(MESSAGES.passwordRequired),
});

/** The login card's "Resend confirmation code" needs only a valid email, with its own message. */
export const resendSchema = object({
  username: emailSchema(MESSAGES.resendEmailInvalid),
});

export const forgotSchema = object({
  username: emailSchema(MESSAGES.emailInvalid),
});

export const resetSchema = object({
  username: emailSchema(MESSAGES.emailInvalid),
  password: newPasswordSchema,
  confirm_password: string()
    .default('')
    .test('match', MESSAGES.passwordsMustMatch, function match(value) {
      const password = (this.parent as { password?: string }).password ?? '';
      return (value ?? '') !== '' && (value ?? '') === password;
    }),
});

export type SignUpValues = InferType<typeof signUpSchema>;
export type ConfirmValues = InferType<typeof confirmSchema>;
export type LoginValues = InferType<typeof loginSchema>;
export type ForgotValues = InferType<typeof forgotSchema>;
export type ResetValues = InferType<typeof resetSchema>;

/** The first message the schema gives for one field of these values, or undefined when it passes. */
export function firstError(
  schema: { validateSyncAt: (path: string, value: unknown) => unknown },
  path: string,
  values: object,
): string | undefined {
  try {
    schema.validateSyncAt(path, values);
    return undefined;
  } catch (error) {
    return (error as { message?: string }).message;
  }
}
