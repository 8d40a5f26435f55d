import { userLoggedIn } from '../../../shared/events';
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { PATHS } from '../../../kernel/paths';
import { useLoginMutation } from '../../../services/api';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { FocusFirstError } from '../components/FocusFirstError';
import { ResendCodeEmailField } from '../components/ResendCodeEmailField';
import { InlineAlert } from '../components/InlineAlert';
import { Button, SubmitButton } from '../components/Button';
import { useAuthNavigationState } from '../hooks/useAuthNavigationState';
import { useResendCode } from '../hooks/useResendCode';
import { carriedState } from '../navigationState';
import { UNCONFIRMED_TITLE } from '../copy';
import { asApiError, clearCardError, showCardError } from '../notify';
import { USER_NOT_CONFIRMED_CODE } from '../../../kernel/auth/rules';
import { validateWith } from '../lazySchemas';
import type { LoginValues } from '../schemas';
import { useT } from '../../language';

const validate = validateWith<LoginValues>((schemas) => schemas.loginSchema);

/**
 * Log In (SPEC §2). Success dispatches userLoggedIn: the session listener loads the profile and goes to the
 * stored last page (this page never navigates itself). A navigation errorMessage (session ended, inactivity)
 * is shown as the 'Login Card Error' toast; a successMessage (confirmed, reset) as 'Success Notification'.
 * An unconfirmed account (403 UserNotConfirmedException) is offered a new code and the confirm page.
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const state = useAuthNavigationState('login');
  const [login, { isLoading }] = useLoginMutation();
  const resendCode = useResendCode();
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const t = useT();

  async function submit(values: LoginValues) {
    const username = values.username.trim();
    setUnconfirmed(null);
    try {
      await login({ username, password: values.password }).unwrap();
      clearCardError(dispatch, 'login');
      dispatch(userLoggedIn({ username }));
    } catch (caught) {
      const error = asApiError(caught);
      showCardError(dispatch, 'login', error);
      if (error.code === USER_NOT_CONFIRMED_CODE) setUnconfirmed(username);
    }
  }

  return (
    <AuthCard
      title="Log In"
      footer={{ question: "Don't have an account?", linkText: 'Create Account', to: PATHS.signup }}
    >
      {unconfirmed ? (
        <InlineAlert tone="warning" title={UNCONFIRMED_TITLE}>
          <p>{t('Enter the confirmation code we emailed to {email}, or ask for a new one.', { email: unconfirmed })}</p>
          <div className="auth-alert-actions">
            <Button
              variant="primary"
              loading={resendCode.isLoading}
              onClick={() => void resendCode.resend(unconfirmed)}
            >
              {t('Send a new code')}
            </Button>
            <Link to={PATHS.confirm} state={carriedState(state, { username: unconfirmed })} className="auth-link">
              {t('Enter your confirmation code')}
            </Link>
          </div>
        </InlineAlert>
      ) : null}
      <Formik<LoginValues>
        initialValues={{ username: state.username ?? '', password: '' }}
        validate={validate}
        onSubmit={submit}
      >
        {({ values }) => (
          <Form noValidate>
            <FocusFirstError />
            <ResendCodeEmailField resendCode={resendCode} />
            <Field name="password" label="Password" type="password" autoComplete="current-password" />
            <p className="auth-forgot">
              <Link to={PATHS.forgot} state={carriedState(state)} className="auth-link">
                {t('Forgot password')}
              </Link>
            </p>
            <div className="auth-actions">
              <SubmitButton loading={isLoading}>{t('Log In')}</SubmitButton>
              <Button
                variant="link"
                block
                loading={resendCode.isLoading}
                onClick={() => void resendCode.resend(values.username)}
              >
                {t('Resend confirmation code')}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
