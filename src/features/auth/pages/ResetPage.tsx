import { Form, Formik } from 'formik';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { PATHS } from '../../../kernel/paths';
import { useResetPasswordMutation } from '../../../services/api';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { FocusFirstError } from '../components/FocusFirstError';
import { InlineAlert } from '../components/InlineAlert';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { SubmitButton } from '../components/Button';
import { useAuthNavigationState } from '../hooks/useAuthNavigationState';
import { carriedState } from '../navigationState';
import { INCOMPLETE_LINK_TITLE } from '../copy';
import { asApiError, clearCardError, showCardError } from '../notify';
import { validateWith } from '../lazySchemas';
import type { ResetValues } from '../schemas';
import { useT } from '../../language';

const validate = validateWith<ResetValues>((schemas) => schemas.resetSchema);

/**
 * Reset Password (SPEC §2): opened from the mailed link /reset?username=…&id=…. A new password with the
 * requirement lines plus 'passwords must match'; success → /login with the server's message.
 */
export default function ResetPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useAuthNavigationState();
  const [params] = useSearchParams();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const t = useT();
  const id = params.get('id') ?? '';
  const username = params.get('username') ?? '';

  async function submit(values: ResetValues) {
    try {
      const { message } = await resetPassword({
        username: values.username.trim(),
        password: values.password,
        confirm_password: values.confirm_password,
        id,
      }).unwrap();
      clearCardError(dispatch, 'reset');
      navigate(PATHS.login, { state: carriedState(state, { successMessage: message }) });
    } catch (error) {
      showCardError(dispatch, 'reset', asApiError(error));
    }
  }

  return (
    <AuthCard
      title="Reset Password"
      footer={{ question: 'Remember your password?', linkText: 'Log In', to: PATHS.login }}
    >
      {id === '' ? (
        <InlineAlert tone="error" title={INCOMPLETE_LINK_TITLE}>
          <p>
            {t('Open the whole link from the email we sent you, or')}{' '}
            <Link to={PATHS.forgot} state={carriedState(state)} className="auth-link">
              {t('ask for a new reset link')}
            </Link>
            .
          </p>
        </InlineAlert>
      ) : (
        <Formik<ResetValues>
          initialValues={{ username, password: '', confirm_password: '' }}
          validate={validate}
          onSubmit={submit}
        >
          <Form noValidate>
            <FocusFirstError />
            <Field name="username" label="Email" type="email" autoComplete="username" />
            <NewPasswordFields withConfirmation />
            <SubmitButton loading={isLoading}>{t('Reset Password')}</SubmitButton>
          </Form>
        </Formik>
      )}
    </AuthCard>
  );
}
