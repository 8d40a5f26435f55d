/**
 * Sign in with email, password and an authenticator code (or a recovery code): the second factor is not optional.
 * With single sign-on set up (OpenID Connect, SAML or both), "Sign in with …" leaves for the college's provider (a
 * full-page navigation); it comes back here with ?error= when it could not sign in. A 401 elsewhere, or Sign out,
 * arrives with a message to show. ?returnTo= (a link opened signed out, a session that ended) is where a sign-in
 * goes, here and through the provider, once safeStaffReturnTo has checked it is a console page.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Divider } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isValidEmail } from '../../kernel/auth/rules';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { safeStaffReturnTo } from '../../kernel/staff/paths';
import { errorMessage, useStaffConfigQuery } from '../api';
import { ssoStartPath } from '../signInPath';
import { ErrorMessage, focusFirstInvalid, StatusMessage, TextField, usePageTitle } from '../ui';
import { useSignInMutation } from './endpoints';

/** The sign-in page's ?error= codes (server/src/staff/accounts/routes.ts, the SSO callback) and their messages. */
const SSO_ERRORS: Record<string, string> = {
  SsoUnknown: STAFF_MESSAGES.ssoUnknown,
  SsoNoMfa: STAFF_MESSAGES.ssoNoMfa,
  SsoFailed: STAFF_MESSAGES.ssoFailed,
  SsoUnverified: STAFF_MESSAGES.ssoUnverified,
  SsoBoundElsewhere: STAFF_MESSAGES.ssoBoundElsewhere,
};

export const CODE_HINT = 'The 6-digit code from your authenticator app, or one of your recovery codes';

interface Errors {
  email?: string;
  password?: string;
  code?: string;
}

function validate(email: string, password: string, code: string): Errors {
  const errors: Errors = {};
  if (!isValidEmail(email.trim())) errors.email = 'Enter your email address, like name@college.example.';
  if (password === '') errors.password = 'Enter your password.';
  if (code.trim() === '') errors.code = 'Enter the code from your authenticator app, or a recovery code.';
  return errors;
}

export default function SignInPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const config = useStaffConfigQuery();
  const [signIn, signingIn] = useSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);

  const ssoError = params.get('error');
  const returnTo = params.get('returnTo');
  const arrivedWith = (location.state as { message?: string } | null)?.message;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(email, password, code);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    const result = await signIn({ email: email.trim(), password, code: code.trim() });
    if (!('error' in result)) await navigate(safeStaffReturnTo(returnTo), { replace: true });
  };

  return (
    <>
      <h1>Sign in to the staff console</h1>
      {ssoError && <ErrorMessage message={SSO_ERRORS[ssoError] ?? STAFF_MESSAGES.ssoFailed} />}
      {!ssoError && !signingIn.isError && <StatusMessage type="info" message={arrivedWith} />}
      <ErrorMessage message={signingIn.isError ? errorMessage(signingIn.error) : undefined} />
      <div className="staff-panel">
        <form ref={form} noValidate onSubmit={onSubmit}>
          <TextField
            id="email"
            label="Email"
            error={errors.email}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            id="password"
            label="Password"
            error={errors.password}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            id="code"
            label="Authenticator code"
            hint={CODE_HINT}
            error={errors.code}
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="none"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="primary" htmlType="submit" size="large" loading={signingIn.isLoading}>
            Sign in
          </Button>
        </form>
        {(config.data?.sso || config.data?.saml) && (
          <>
            <Divider plain>or</Divider>
            {/* Plain links: the provider's page is a full-page navigation, not a call. */}
            <div className="staff-sso">
              {config.data.sso && (
                <Button href={ssoStartPath('sso', returnTo)} size="large" block>
                  Sign in with {config.data.ssoName}
                </Button>
              )}
              {config.data.saml && (
                <Button href={ssoStartPath('saml', returnTo)} size="large" block>
                  Sign in with {config.data.samlName}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      <p>
        New staff members set up their account from the link in their enrolment email. Lost your authenticator? Sign in
        with one of your recovery codes, or ask an admin.
      </p>
    </>
  );
}
