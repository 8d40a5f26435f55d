import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authApi, AUTH_SUCCESS_MESSAGES, authError } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { locationOf, renderAuthPage, toastsOf } from '../testing';

const studentAnswers = { first_name: 'Ada' };

describe('Confirm Your Account', () => {
  it('fills the email from navigation state, with a one-time-code numeric code field', async () => {
    await renderAuthPage('/confirm', { state: { username: 'ada@example.com' } });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const code = screen.getByLabelText('Confirmation Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
  });

  it.each([
    ['123 456', '123456'],
    ['123-456', '123456'],
    [' 12 34 56\n', '123456'],
  ])('a pasted code %j becomes %j', async (pasted, expected) => {
    const { user } = await renderAuthPage('/confirm');
    await user.click(screen.getByLabelText('Confirmation Code'));
    await user.paste(pasted);
    expect(screen.getByLabelText('Confirmation Code')).toHaveValue(expected);
  });

  it('posts the username and the normalised code, then goes to /login with the message and the answers', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, router, store } = await renderAuthPage('/confirm', {
      state: { username: 'ada@example.com', studentAnswers },
    });
    await user.click(screen.getByLabelText('Confirmation Code'));
    await user.paste('654 321');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(auth.calls.confirm).toEqual([{ username: 'ada@example.com', code: '654321' }]);
    // The login card shows the server's message once, then drops it from the history entry (answers stay).
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.confirm },
      ]),
    );
    await waitFor(() =>
      expect(locationOf(router)).toEqual({
        pathname: '/login',
        search: '',
        state: { studentAnswers, username: 'ada@example.com' },
      }),
    );
    // Log In opens with the confirmed address filled in.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('fills the email from the confirmation mail’s link (/confirm?username=…)', async () => {
    await renderAuthPage('/confirm?username=ngozi%40example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('ngozi@example.com');
  });

  it("a 'Confirm Card Error' toast goes once the same card succeeds", async () => {
    const message = 'That confirmation code is not correct. Please check it and try again.';
    const auth = authApi();
    server.use(
      http.post('*/public/confirm', () => HttpResponse.json({ message }, { status: 400 }), { once: true }),
      ...auth.handlers,
    );
    const { user, store } = await renderAuthPage('/confirm', { state: { username: 'ada@example.com' } });
    await user.type(screen.getByLabelText('Confirmation Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    await waitFor(() => expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Confirm Card Error', message }]));
    await user.clear(screen.getByLabelText('Confirmation Code'));
    await user.type(screen.getByLabelText('Confirmation Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.confirm },
      ]),
    );
  });

  it("shows a wrong code as a 'Confirm Card Error' toast and stays", async () => {
    const message = 'That confirmation code is not correct. Please check it and try again.';
    server.use(...authApi({ confirm: authError(400, message) }).handlers);
    const { user, router, store } = await renderAuthPage('/confirm', { state: { username: 'ada@example.com' } });
    await user.type(screen.getByLabelText('Confirmation Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    await waitFor(() => expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Confirm Card Error', message }]));
    expect(router.state.location.pathname).toBe('/confirm');
  });

  it('can send a new code to the email in the field', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, store } = await renderAuthPage('/confirm', { state: { username: 'ada@example.com' } });
    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));
    await waitFor(() => expect(auth.calls.resend).toEqual([{ username: 'ada@example.com' }]));
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.resend },
      ]),
    );
  });
});
