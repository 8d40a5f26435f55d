import { screen, waitFor } from '@testing-library/react';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { ADMIN, renderStaff, staffApiAnswers } from '../testing';

describe('the sign-in page', () => {
  it('shows the server’s message in an alert, then signs in and goes to /staff', async () => {
    const calls = staffApiAnswers({
      'POST /sign-in': [400, { message: STAFF_MESSAGES.badSignIn, code: 'BadRequest' }],
    });
    const { user, router } = renderStaff('/staff/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(screen.getByLabelText('Authenticator code')).toHaveAccessibleDescription(
      'The 6-digit code from your authenticator app, or one of your recovery codes',
    );

    await user.type(screen.getByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'Maple-Syrup-2024!');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.badSignIn);
    expect(calls.filter((call) => call.path === '/staff/api/sign-in').map((call) => call.body)).toEqual([
      { email: ADMIN.email, password: 'Maple-Syrup-2024!', code: '123456' },
    ]);
    expect(router.state.location.pathname).toBe('/staff/sign-in');

    staffApiAnswers({ 'POST /sign-in': ADMIN, 'GET /me': ADMIN });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${ADMIN.email}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('says what is missing and sends nothing when fields are empty', async () => {
    const calls = staffApiAnswers({});
    const { user } = renderStaff('/staff/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Error: Enter your password.');
    expect(calls.map((call) => call.path)).toEqual(['/staff/api/config']);
  });

  it.each([
    ['SsoNoMfa', STAFF_MESSAGES.ssoNoMfa],
    ['SsoUnknown', STAFF_MESSAGES.ssoUnknown],
    ['SsoFailed', STAFF_MESSAGES.ssoFailed],
    ['Whatever', STAFF_MESSAGES.ssoFailed],
  ])('shows ?error=%s as its message, and the single sign-on link', async (code, message) => {
    staffApiAnswers({ 'GET /config': { sso: true, ssoName: 'College account', saml: false, samlName: '', timeZone: 'America/New_York' } });
    renderStaff(`/staff/sign-in?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByRole('link', { name: 'Sign in with College account' })).toHaveAttribute(
      'href',
      '/staff/api/sso/start',
    );
  });
});
