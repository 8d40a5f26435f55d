import { screen, waitFor } from '@testing-library/react';
import { authApi, AUTH_SUCCESS_MESSAGES, authError } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { GOOD_PASSWORD, locationOf, renderAuthPage, toastsOf } from '../testing';

const LINK = '/reset?username=ada%2Bapp%40example.com&id=Zm9vYmFy-123_x';

async function fillPasswords(user: Awaited<ReturnType<typeof renderAuthPage>>['user']) {
  await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
  await user.type(screen.getByLabelText('Confirm Password'), GOOD_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('Reset Password', () => {
  it('reads username and id from the query string and posts them with both passwords', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, router, store } = await renderAuthPage(LINK);
    expect(screen.getByLabelText('Email')).toHaveValue('ada+app@example.com');
    await fillPasswords(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(auth.calls.reset).toEqual([
      {
        username: 'ada+app@example.com',
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        id: 'Zm9vYmFy-123_x',
      },
    ]);
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.reset },
      ]),
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /login carrying the success message in navigation state', async () => {
    server.use(...authApi().handlers);
    const { user, router } = await renderAuthPage(LINK);
    const seen: unknown[] = [];
    const unsubscribe = router.subscribe(({ location }) => {
      if (location.pathname === '/login') seen.push(location.state);
    });
    await fillPasswords(user);
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    unsubscribe();
    expect(seen[0]).toEqual({ successMessage: AUTH_SUCCESS_MESSAGES.reset });
    // …which the login card shows once and then removes.
    await waitFor(() => expect(locationOf(router).state).toEqual({}));
  });

  it("shows an expired link as a 'Reset Password Card Error' toast and stays", async () => {
    const message = 'This reset link is invalid or has expired. Please ask for a new one.';
    server.use(...authApi({ reset: authError(400, message) }).handlers);
    const { user, router, store } = await renderAuthPage(LINK);
    await fillPasswords(user);
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Reset Password Card Error', message }]),
    );
    expect(router.state.location.pathname).toBe('/reset');
  });

  it('without an id, explains that the link is incomplete and links to /forgot instead of a form', async () => {
    const { user, router } = await renderAuthPage('/reset?username=ada%40example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ask for a new reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot');
  });
});
