import { useFormikContext } from 'formik';
import { Field } from './Field';
import type { useResendCode } from '../hooks/useResendCode';

/**
 * The email field of a page that can resend the confirmation code (Confirm, Log In): a resend with an invalid
 * email shows its message on this field (useResendCode), whatever the form's own validation says.
 */
export function ResendCodeEmailField({ resendCode }: { resendCode: ReturnType<typeof useResendCode> }) {
  const { values } = useFormikContext<{ username: string }>();
  return (
    <Field
      id={resendCode.emailFieldId}
      name="username"
      label="Email"
      type="email"
      autoComplete="username"
      errorOverride={resendCode.emailError(values.username)}
    />
  );
}
