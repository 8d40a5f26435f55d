import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { PATHS } from '../../../kernel/paths';
import { useSignupMutation } from '../../../services/api';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { FocusFirstError } from '../components/FocusFirstError';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { SubmitButton } from '../components/Button';
import { useAuthNavigationState } from '../hooks/useAuthNavigationState';
import { carriedState } from '../navigationState';
import { asApiError, clearCardError, showCardError } from '../notify';
import { validateWith } from '../lazySchemas';
import type { SignUpValues } from '../schemas';
import { useMailLanguage, useT } from '../../language';

const validate = validateWith<SignUpValues>((schemas) => schemas.signUpSchema);

/**
 * Create Account (SPEC §2): email and a new password with its requirement lines; success goes to /confirm. The
 * server answers an address that already has an account as any other (it mails the owner instead of a code), so
 * the page cannot tell, and does not: that too goes to /confirm.
 */
/** Shown to a visitor sent here with the answers they typed (SPEC §2): nothing they typed is lost. */
export const ANSWERS_KEPT =
  'The answers you typed are kept. Create an account to save them and continue your application.';

export default function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useAuthNavigationState();
  const [signup, { isLoading }] = useSignupMutation();
  const t = useT();
  const mailLanguage = useMailLanguage();

  async function submit(values: SignUpValues) {
    const username = values.username.trim();
    try {
      await signup({ username, password: values.password, ...mailLanguage }).unwrap();
      clearCardError(dispatch, 'signup');
      navigate(PATHS.confirm, { state: carriedState(state, { username }) });
    } catch (error) {
      showCardError(dispatch, 'signup', asApiError(error));
    }
  }

  return (
    <AuthCard title="Sign Up" footer={{ question: 'Already have an account?', linkText: 'Log In', to: PATHS.login }}>
      {state.studentAnswers && <p className="auth-intro">{t(ANSWERS_KEPT)}</p>}
      <Formik<SignUpValues>
        initialValues={{ username: state.username ?? '', password: '' }}
        validate={validate}
        onSubmit={submit}
      >
        <Form noValidate>
          <FocusFirstError />
          <Field name="username" label="Email" type="email" autoComplete="username" />
          <NewPasswordFields />
          <SubmitButton loading={isLoading}>{t('Create Account')}</SubmitButton>
        </Form>
      </Formik>
    </AuthCard>
  );
}
