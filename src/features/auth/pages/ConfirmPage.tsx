import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { PATHS } from '../../../kernel/paths';
import { useConfirmMutation } from '../../../services/api';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { FocusFirstError } from '../components/FocusFirstError';
import { ResendCodeEmailField } from '../components/ResendCodeEmailField';
import { Button, SubmitButton } from '../components/Button';
import { useAuthNavigationState } from '../hooks/useAuthNavigationState';
import { useResendCode } from '../hooks/useResendCode';
import { carriedState } from '../navigationState';
import { asApiError, clearCardError, showCardError } from '../notify';
import { normaliseConfirmationCode } from '../../../kernel/auth/rules';
import { validateWith } from '../lazySchemas';
import type { ConfirmValues } from '../schemas';
import { useT } from '../../language';

const validate = validateWith<ConfirmValues>((schemas) => schemas.confirmSchema);

/**
 * Confirm Your Account (SPEC §2): the email comes from navigation state (sign-up, or the login card's
 * unconfirmed-account offer); the code from the mail, typed or pasted ("123 456" works). Success → /login with
 * the server's message.
 */
export default function ConfirmPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useAuthNavigationState();
  // The confirmation mail's link carries the address (/confirm?username=…).
  const [params] = useSearchParams();
  const [confirm, { isLoading }] = useConfirmMutation();
  const t = useT();
  const resendCode = useResendCode();

  async function submit(values: ConfirmValues) {
    try {
      const { message } = await confirm({
        username: values.username.trim(),
        code: normaliseConfirmationCode(values.code),
      }).unwrap();
      clearCardError(dispatch, 'confirm');
      // Log In opens with the confirmed address filled in.
      navigate(PATHS.login, {
        state: carriedState(state, { successMessage: message, username: values.username.trim() }),
      });
    } catch (error) {
      showCardError(dispatch, 'confirm', asApiError(error));
    }
  }

  return (
    <AuthCard
      title="Confirm Your Account"
      footer={{ question: 'Already confirmed your account?', linkText: 'Log In', to: PATHS.login }}
    >
      <p className="auth-intro">{t('Enter the 6-digit confirmation code we emailed you.')}</p>
      <Formik<ConfirmValues>
        initialValues={{ username: state.username ?? params.get('username') ?? '', code: '' }}
        validate={validate}
        onSubmit={submit}
      >
        {({ values }) => (
          <Form noValidate>
            <FocusFirstError />
            <ResendCodeEmailField resendCode={resendCode} />
            <Field
              name="code"
              label="Confirmation Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              normalise={normaliseConfirmationCode}
            />
            <div className="auth-actions">
              <SubmitButton loading={isLoading}>{t('Confirm Account')}</SubmitButton>
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
