import { screen, waitFor } from '@testing-library/react';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { ADMIN, READER, renderStaff, staffApiAnswers } from '../testing';

/** A link someone opened signed out: the list filtered and searched. */
const ASKED = '/staff/applicants?status=submitted&q=ok';
const LIST = { rows: [], next: null, counts: { none: 0, started: 0, validating: 0, submitted: 0 } };

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
    staffApiAnswers({
      'GET /config': { sso: true, ssoName: 'College account', saml: false, samlName: '', timeZone: 'America/New_York' },
    });
    renderStaff(`/staff/sign-in?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByRole('link', { name: 'Sign in with College account' })).toHaveAttribute(
      'href',
      '/staff/api/sso/start',
    );
  });

  it('returns to the page asked for after a password sign-in', async () => {
    staffApiAnswers({ 'POST /sign-in': READER, 'GET /me': READER, 'GET /applicants': LIST });
    const { user, router } = renderStaff(`/staff/sign-in?returnTo=${encodeURIComponent(ASKED)}`);
    await user.type(await screen.findByLabelText('Email'), READER.email);
    await user.type(screen.getByLabelText('Password'), 'Maple-Syrup-2024!');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(ASKED);
  });

  it.each([
    ['another origin', '//evil.example/staff'],
    ['the API', '/staff/api/export/applications.csv'],
    ['the applicants’ site', '/api/answer'],
  ])('goes to the console’s home rather than %s', async (_what, returnTo) => {
    staffApiAnswers({ 'POST /sign-in': READER, 'GET /me': READER });
    const { user, router } = renderStaff(`/staff/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
    await user.type(await screen.findByLabelText('Email'), READER.email);
    await user.type(screen.getByLabelText('Password'), 'Maple-Syrup-2024!');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${READER.email}` })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('carries the page asked for through single sign-on, OpenID Connect and SAML', async () => {
    staffApiAnswers({
      'GET /config': { sso: true, ssoName: 'College account', saml: true, samlName: 'InCommon', timeZone: 'UTC' },
    });
    renderStaff(`/staff/sign-in?returnTo=${encodeURIComponent(ASKED)}`);
    expect(await screen.findByRole('link', { name: 'Sign in with College account' })).toHaveAttribute(
      'href',
      `/staff/api/sso/start?returnTo=${encodeURIComponent(ASKED)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in with InCommon' })).toHaveAttribute(
      'href',
      `/staff/api/saml/start?returnTo=${encodeURIComponent(ASKED)}`,
    );
  });

  it('offers SAML alone when only SAML is set up', async () => {
    staffApiAnswers({ 'GET /config': { sso: false, ssoName: '', saml: true, samlName: 'InCommon', timeZone: 'UTC' } });
    renderStaff('/staff/sign-in');
    expect(await screen.findByRole('link', { name: 'Sign in with InCommon' })).toHaveAttribute(
      'href',
      '/staff/api/saml/start',
    );
    expect(screen.queryByRole('link', { name: /^Sign in with College/ })).not.toBeInTheDocument();
  });
});
