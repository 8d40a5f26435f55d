import { screen, waitFor } from '@testing-library/react';
import { authApi, AUTH_SUCCESS_MESSAGES, authError } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { renderAuthPage, toastsOf } from '../testing';

describe('Forgot Password', () => {
  it("posts the email and shows the server's message in a success toast", async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, store, router } = await renderAuthPage('/forgot');
    await user.type(screen.getByLabelText('Email'), ' ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.forgot },
      ]),
    );
    expect(auth.calls.forgot).toEqual([{ username: 'ada@example.com' }]);
    expect(router.state.location.pathname).toBe('/forgot');
  });

  it("shows a refusal as a 'Forgot Password Card Error' toast", async () => {
    const message = 'Too many requests. Please wait a minute and try again.';
    server.use(...authApi({ forgot: authError(429, message) }).handlers);
    const { user, store } = await renderAuthPage('/forgot');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Forgot Password Card Error', message }]),
    );
  });
});
