/**
 * Staff accounts (admins): the accounts, adding one (the server mails its enrolment link), changing a role,
 * removing an account behind a confirmation, and each account's single sign-on link (the provider's identity it was
 * bound to at its first SSO sign-in), which an admin may reset behind a confirmation. The server's messages are shown as they come. A reader who opens
 * the address sees the server's refusal (403, which the audit log keeps).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Modal, Table } from 'antd';
import { isValidEmail } from '../../kernel/auth/rules';
import { roleName, STAFF_ROLES, type StaffRole } from '../../kernel/staff/roles';
import { errorMessage } from '../api';
import { useMe } from '../me';
import { useCollegeTime } from '../time';
import { ErrorMessage, Field, focusFirstInvalid, StatusMessage, TextField, usePageTitle } from '../ui';
import {
  useAddStaffAccountMutation,
  useRemoveStaffAccountMutation,
  useResetStaffSsoMutation,
  useSetStaffRoleMutation,
  useStaffAccountsQuery,
  type StaffAccount,
} from './endpoints';

/** The outcome of the last action on this page: the server's message. */
type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

function RoleSelect({
  id,
  value,
  onChange,
  ...aria
}: {
  id: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  return (
    <select
      id={id}
      className="staff-select"
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      {...aria}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}

function AddAccount({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [add, adding] = useAddStaffAccountMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(STAFF_ROLES[0]);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError('Enter the email address of the new staff member, like name@college.example.');
      focusFirstInvalid(form.current);
      return;
    }
    setError(undefined);
    const result = await add({ email: email.trim(), role });
    if ('error' in result) {
      onOutcome({ ok: false, message: errorMessage(result.error) });
      return;
    }
    onOutcome({ ok: true, message: result.data.message });
    setEmail('');
    setRole('reader');
  };

  return (
    <section className="staff-panel" aria-labelledby="add-heading">
      <h2 id="add-heading">Add a staff account</h2>
      <p>The new staff member receives a link by email to set their password and authenticator (valid 24 hours).</p>
      <form ref={form} noValidate onSubmit={onSubmit}>
        <div className="staff-row">
          <TextField
            id="new-email"
            label="Email"
            error={error}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field id="new-role" label="Role">
            {(aria) => <RoleSelect {...aria} value={role} onChange={setRole} />}
          </Field>
          <div className="staff-field">
            <Button type="primary" htmlType="submit" loading={adding.isLoading}>
              Add staff account
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

function ChangeRole({ account, onOutcome }: { account: StaffAccount; onOutcome: (outcome: Outcome) => void }) {
  const [setRole, saving] = useSetStaffRoleMutation();
  const [role, chooseRole] = useState<StaffRole>(account.role);
  const save = async () => {
    const result = await setRole({ id: account.id, role });
    onOutcome(
      'error' in result
        ? { ok: false, message: errorMessage(result.error) }
        : { ok: true, message: result.data.message },
    );
  };
  return (
    <div className="staff-row" style={{ flexWrap: 'nowrap' }}>
      <RoleSelect
        id={`role-${account.id}`}
        aria-label={`Role of ${account.email}`}
        value={role}
        onChange={chooseRole}
      />
      <Button
        onClick={() => void save()}
        disabled={role === account.role}
        loading={saving.isLoading}
        aria-label={`Save role of ${account.email}`}
      >
        Save role
      </Button>
    </div>
  );
}

const SSO_CELL = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 8,
  minWidth: '14rem',
  overflowWrap: 'anywhere',
} as const;

/** The account's single sign-on link in words, its time in the college's zone. */
function ssoLinkText(sso: StaffAccount['sso'], time: (iso: string) => string) {
  return sso ? `Linked to ${sso.issuer} as ${sso.subject} since ${time(sso.boundAt)}` : 'Not linked to single sign-on';
}

export default function AccountsPage() {
  usePageTitle('Staff accounts');
  const me = useMe();
  const accounts = useStaffAccountsQuery();
  const { zone, time } = useCollegeTime();
  const [remove, removing] = useRemoveStaffAccountMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removingAccount, setRemovingAccount] = useState<StaffAccount | null>(null);
  const [resetSso, resetting] = useResetStaffSsoMutation();
  const [resettingAccount, setResettingAccount] = useState<StaffAccount | null>(null);

  const confirmReset = async () => {
    if (!resettingAccount) return;
    const result = await resetSso({ id: resettingAccount.id });
    setResettingAccount(null);
    setOutcome(
      'error' in result
        ? { ok: false, message: errorMessage(result.error) }
        : { ok: true, message: result.data.message },
    );
  };

  const confirmRemove = async () => {
    if (!removingAccount) return;
    const result = await remove({ id: removingAccount.id });
    setRemovingAccount(null);
    setOutcome(
      'error' in result
        ? { ok: false, message: errorMessage(result.error) }
        : { ok: true, message: result.data.message },
    );
  };

  if (accounts.isError) {
    return (
      <>
        <h1>Staff accounts</h1>
        <ErrorMessage message={errorMessage(accounts.error)} />
      </>
    );
  }

  return (
    <>
      <h1>Staff accounts</h1>
      <StatusMessage message={outcome?.ok ? outcome.message : undefined} />
      <ErrorMessage message={outcome && !outcome.ok ? outcome.message : undefined} />
      <AddAccount onOutcome={setOutcome} />
      <section aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Accounts</h2>
        {/* Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too. */}
        <div className="staff-scroll" tabIndex={0} role="region" aria-label="Staff accounts table">
          <Table<StaffAccount>
            rowKey="id"
            loading={accounts.isLoading}
            dataSource={accounts.data?.accounts ?? []}
            pagination={false}
            columns={[
              {
                title: 'Email',
                dataIndex: 'email',
                key: 'email',
                render: (email: string) => (email === me.email ? `${email} (you)` : email),
              },
              {
                title: 'Role',
                key: 'role',
                render: (_, account) => <ChangeRole key={account.role} account={account} onOutcome={setOutcome} />,
              },
              {
                title: 'Enrolled',
                dataIndex: 'enrolled',
                key: 'enrolled',
                render: (enrolled: boolean) => (enrolled ? 'Yes' : 'Not yet (link sent)'),
              },
              {
                title: `Last sign-in (${zone})`,
                dataIndex: 'lastSignInAt',
                key: 'lastSignInAt',
                render: (at: string | null) => (at ? time(at) : 'Never'),
              },
              {
                title: 'Single sign-on',
                key: 'sso',
                render: (_, account) => (
                  // A subject may be a long opaque id: it wraps rather than widen the table.
                  <div style={SSO_CELL}>
                    <span>{ssoLinkText(account.sso, time)}</span>
                    {account.sso && (
                      <Button
                        onClick={() => setResettingAccount(account)}
                        aria-label={`Reset single sign-on link of ${account.email}`}
                      >
                        Reset single sign-on link
                      </Button>
                    )}
                  </div>
                ),
              },
              {
                title: 'Remove',
                key: 'remove',
                render: (_, account) => (
                  <Button danger onClick={() => setRemovingAccount(account)} aria-label={`Remove ${account.email}`}>
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        </div>
      </section>
      <Modal
        open={removingAccount !== null}
        title="Remove this staff account?"
        okText="Remove"
        okButtonProps={{ danger: true, loading: removing.isLoading }}
        cancelText="Cancel"
        onOk={() => void confirmRemove()}
        onCancel={() => setRemovingAccount(null)}
        closable={false}
      >
        <p>
          {removingAccount?.email} will be signed out at once and can no longer sign in. The audit log keeps what they
          did.
        </p>
      </Modal>
      <Modal
        open={resettingAccount !== null}
        title="Reset the single sign-on link?"
        okText="Reset link"
        okButtonProps={{ loading: resetting.isLoading }}
        cancelText="Cancel"
        onOk={() => void confirmReset()}
        onCancel={() => setResettingAccount(null)}
        closable={false}
      >
        <p>
          {resettingAccount?.email} will be signed out, and their next single sign-on links the account again, to the
          college account whose verified email is {resettingAccount?.email}. Do this when their college account was
          replaced.
        </p>
      </Modal>
    </>
  );
}
