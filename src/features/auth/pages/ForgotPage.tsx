import { Form, Formik } from 'formik';
import { useAppDispatch } from '../../../shared/hooks';
import { PATHS } from '../../../kernel/paths';
import { useForgotPasswordMutation } from '../../../services/api';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { FocusFirstError } from '../components/FocusFirstError';
import { SubmitButton } from '../components/Button';
import { useAuthNavigationState } from '../hooks/useAuthNavigationState';
import { asApiError, clearCardError, showCardError, showSuccess } from '../notify';
import { validateWith } from '../lazySchemas';
import type { ForgotValues } from '../schemas';
import { useMailLanguage, useT } from '../../language';

const validate = validateWith<ForgotValues>((schemas) => schemas.forgotSchema);

/** Forgot Password (SPEC §2, §7): the server mails a reset link; its message is shown as a success toast. */
export default function ForgotPage() {
  const dispatch = useAppDispatch();
  const state = useAuthNavigationState();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const t = useT();
  const mailLanguage = useMailLanguage();

  async function submit(values: ForgotValues) {
    try {
      const { message } = await forgotPassword({ username: values.username.trim(), ...mailLanguage }).unwrap();
      clearCardError(dispatch, 'forgot');
      showSuccess(dispatch, message);
    } catch (error) {
      showCardError(dispatch, 'forgot', asApiError(error));
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      footer={{ question: 'Remember your password?', linkText: 'Log In', to: PATHS.login }}
    >
      <p className="auth-intro">{t('Enter the email address of your account and we will email you a reset link.')}</p>
      <Formik<ForgotValues> initialValues={{ username: state.username ?? '' }} validate={validate} onSubmit={submit}>
        <Form noValidate>
          <FocusFirstError />
          <Field name="username" label="Email" type="email" autoComplete="username" />
          <SubmitButton loading={isLoading}>{t('Send Reset Link')}</SubmitButton>
        </Form>
      </Formik>
    </AuthCard>
  );
}
