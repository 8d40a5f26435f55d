import { screen } from '@testing-library/react';
import { STAFF_MESSAGES } from '../kernel/staff/messages';
import { ADMIN, renderStaff, staffApiAnswers } from './testing';

describe('the staff API', () => {
  it('sends a call answered 401 (the session ended) to the sign-in page, which says why', async () => {
    staffApiAnswers({
      'GET /me': ADMIN,
      'GET /accounts': [401, { message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }],
    });
    const { router } = renderStaff('/staff/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
    expect(screen.getByText(STAFF_MESSAGES.notSignedIn)).toBeVisible();
  });

  it('sends nobody signed in (401 from /me) to the sign-in page', async () => {
    staffApiAnswers({ 'GET /me': [401, { message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }] });
    const { router } = renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
  });

  it('does not leave the sign-in page when the sign-in itself is answered 401', async () => {
    staffApiAnswers({ 'POST /sign-in': [401, { message: STAFF_MESSAGES.badSignIn, code: 'Unauthorized' }] });
    const { router, user } = renderStaff('/staff/sign-in');
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.badSignIn);
    expect(router.state.location.pathname).toBe('/staff/sign-in');
  });
});
