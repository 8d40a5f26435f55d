import { useId } from 'react';
import { useFormikContext } from 'formik';
import { Field } from './Field';
import { PasswordRequirements } from './PasswordRequirements';

/**
 * A new password (sign-up, reset): the password field, on the reset page its confirmation, and the live
 * requirement lines (SPEC §5) that describe them in place of error text. Reads the form's own values.
 */
export function NewPasswordFields({ withConfirmation = false }: { withConfirmation?: boolean }) {
  const requirementsId = `${useId()}-requirements`;
  const { values, submitCount } = useFormikContext<{ password: string; confirm_password?: string }>();
  return (
    <>
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        describedBy={requirementsId}
        showErrorText={false}
      />
      {withConfirmation && (
        <Field
          name="confirm_password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          describedBy={`${requirementsId}-match`}
          showErrorText={false}
        />
      )}
      <PasswordRequirements
        id={requirementsId}
        password={values.password}
        confirmPassword={withConfirmation ? (values.confirm_password ?? '') : undefined}
        submitted={submitCount > 0}
      />
    </>
  );
}
