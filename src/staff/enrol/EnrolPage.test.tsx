import { screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { ADMIN, renderStaff, staffApiAnswers } from '../testing';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const START = {
  email: ADMIN.email,
  role: 'admin',
  secret: SECRET,
  otpauthUri: `otpauth://totp/Admissions:${ADMIN.email}?secret=${SECRET}&issuer=Admissions`,
};
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2p-x9tq${'abcdefghjk'[i]}`);

describe('the enrolment page', () => {
  it('shows the QR code and the key, then the recovery codes once; Continue waits for the checkbox', async () => {
    const calls = staffApiAnswers({
      'POST /enrol/start': START,
      'POST /enrol/finish': { recoveryCodes: CODES, message: STAFF_MESSAGES.enrolled },
      'GET /me': ADMIN,
    });
    const { user, router } = renderStaff('/staff/enrol?token=tok-123');
    expect(
      await screen.findByRole('img', { name: `QR code to add ${ADMIN.email} to your authenticator app` }),
    ).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    // On a phone, a tap opens the authenticator app with the account.
    expect(screen.getByRole('link', { name: 'Open in your authenticator app' })).toHaveAttribute(
      'href',
      START.otpauthUri,
    );
    expect(screen.getByText(ADMIN.email)).toBeVisible();
    expect(screen.getByText('Admin')).toBeVisible();
    expect(screen.getByText('contains at least one special character')).toBeVisible();
    expect(calls.find((call) => call.path === '/staff/api/enrol/start')?.body).toEqual({ token: 'tok-123' });

    await user.type(screen.getByLabelText('New password'), 'Maple-Syrup-2024!');
    await user.type(screen.getByLabelText('Confirm password'), 'Maple-Syrup-2024!');
    await user.type(screen.getByLabelText('Authenticator code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
    expect(calls.find((call) => call.path === '/staff/api/enrol/finish')?.body).toEqual({
      token: 'tok-123',
      password: 'Maple-Syrup-2024!',
      confirm_password: 'Maple-Syrup-2024!',
      code: '123456',
    });
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeEnabled();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${ADMIN.email}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff');
    // Shown once: nothing of them is left on the page or in the store.
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument();
  });

  it('checks the password rules and the confirmation before sending', async () => {
    const calls = staffApiAnswers({ 'POST /enrol/start': START });
    const { user } = renderStaff('/staff/enrol?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByText(STAFF_MESSAGES.passwordsDiffer)).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/staff/api/enrol/finish')).toBe(false);
  });

  it('shows the server’s message for an invalid link', async () => {
    staffApiAnswers({ 'POST /enrol/start': [400, { message: STAFF_MESSAGES.enrolLinkBad, code: 'EnrolLinkBad' }] });
    renderStaff('/staff/enrol?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.enrolLinkBad);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
