/**
 * Enrolment from the mailed single-use link (/staff/enrol?token=…): the account's email and role, the authenticator
 * key as a QR code, as an otpauth:// link (on a phone, which cannot scan its own screen) and as text (for anyone who
 * cannot scan it), a password (the applicants' rules) and a first code;
 * then the recovery codes, once. An invalid, used or expired link shows the server's message.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, QRCode } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { PASSWORD_RULES, failedPasswordRules } from '../../kernel/auth/rules';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { errorMessage } from '../api';
import { roleName } from '../../kernel/staff/roles';
import { ErrorMessage, focusFirstInvalid, TextField, usePageTitle } from '../ui';
import { useEnrolFinishMutation, useEnrolStartMutation } from './endpoints';
import { RecoveryCodes } from './RecoveryCodes';

/** "JBSW Y3DP EHPK 3PXP": a key is read and typed more easily in groups of four. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface Errors {
  password?: string;
  confirm?: string;
  code?: string;
}

function AuthenticatorKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('The key was copied.');
    } catch {
      setCopied('The key could not be copied: type it from the screen.');
    }
  };
  return (
    <>
      <p>
        Cannot scan it? Add an account in your app by hand with this key (time-based):{' '}
        <code className="staff-key" id="authenticator-key">
          {groupedKey(secret)}
        </code>{' '}
        <Button size="small" onClick={() => void copy()} aria-label="Copy the key">
          Copy
        </Button>
      </p>
      <p role="status">{copied}</p>
    </>
  );
}

export default function EnrolPage() {
  usePageTitle('Set up your staff account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [start, started] = useEnrolStartMutation();
  const [finish, finished] = useEnrolFinishMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (token) void start({ token });
  }, [start, token]);

  if (!token) {
    return (
      <>
        <h1>Set up your staff account</h1>
        <ErrorMessage message={STAFF_MESSAGES.enrolLinkBad} />
      </>
    );
  }
  if (finished.data && started.data) {
    return (
      <RecoveryCodes email={started.data.email} codes={finished.data.recoveryCodes} message={finished.data.message} />
    );
  }
  if (started.isError) {
    return (
      <>
        <h1>Set up your staff account</h1>
        <ErrorMessage message={errorMessage(started.error)} />
      </>
    );
  }
  if (!started.data) {
    return (
      <>
        <h1>Set up your staff account</h1>
        <p role="status">Loading…</p>
      </>
    );
  }
  const account = started.data;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (failedPasswordRules(password).length > 0) found.password = 'Choose a password that meets every rule below.';
    if (confirm !== password || confirm === '') found.confirm = STAFF_MESSAGES.passwordsDiffer;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) found.code = 'Enter the 6-digit code your authenticator app shows.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    await finish({ token, password, confirm_password: confirm, code: code.replace(/\s/g, '') });
  };

  const failed = new Set(failedPasswordRules(password).map((rule) => rule.id));
  return (
    <>
      <h1>Set up your staff account</h1>
      <p>
        This is the staff account of <strong>{account.email}</strong>, with the role{' '}
        <strong>{roleName(account.role)}</strong>.
      </p>
      <div className="staff-panel">
        <h2>1. Add the account to your authenticator app</h2>
        <p>
          Scan this QR code with an authenticator app on your phone (for example Microsoft or Google Authenticator).
        </p>
        <QRCode
          value={account.otpauthUri}
          type="svg"
          size={192}
          role="img"
          aria-label={`QR code to add ${account.email} to your authenticator app`}
          style={{ marginBottom: 16 }}
        />
        {/* On the phone itself there is nothing to scan: the otpauth:// link opens the authenticator app there. */}
        <p>
          Reading this on your phone?{' '}
          <a className="staff-button" href={account.otpauthUri}>
            Open in your authenticator app
          </a>
        </p>
        <AuthenticatorKey secret={account.secret} />
      </div>
      <div className="staff-panel">
        <h2>2. Choose a password and confirm the code</h2>
        <ErrorMessage message={finished.isError ? errorMessage(finished.error) : undefined} />
        <form ref={form} noValidate onSubmit={onSubmit}>
          {/* For password managers: the account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={account.email} />
          <TextField
            id="new-password"
            label="New password"
            error={errors.password}
            hint={
              <>
                Your password:
                <ul className="staff-rules">
                  {PASSWORD_RULES.map((rule) => {
                    const met = password !== '' && !failed.has(rule.id);
                    return (
                      <li key={rule.id} className={met ? 'staff-rule-met' : undefined}>
                        {rule.text}
                        {met && <span className="staff-visually-hidden"> (done)</span>}
                      </li>
                    );
                  })}
                </ul>
              </>
            }
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            id="confirm-password"
            label="Confirm password"
            error={errors.confirm}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <TextField
            id="code"
            label="Authenticator code"
            hint="The 6-digit code your authenticator app now shows for this account"
            error={errors.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="primary" htmlType="submit" size="large" loading={finished.isLoading}>
            Set up my account
          </Button>
        </form>
      </div>
    </>
  );
}
