import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { authApi, AUTH_SUCCESS_MESSAGES, authError, loggedInAccountHandlers } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { App } from '../../../app/App';
import { createAppRouter } from '../../../app/router';
import { makeStore } from '../../../app/store';
import { locationOf, renderAuthPage, toastsOf } from '../testing';

const PASSWORD = 'any password at all';
const NOT_CONFIRMED = 'Your account is not confirmed yet. Enter the code we emailed you, or ask for a new one.';

async function logIn(user: Awaited<ReturnType<typeof renderAuthPage>>['user'], email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('Log In', () => {
  it('posts the credentials, records the login, and the session listener takes the user to the last page', async () => {
    const auth = authApi();
    server.use(...auth.handlers, ...loggedInAccountHandlers({ last_page: '/education' }));
    const { user, router, store } = await renderAuthPage('/login');
    await logIn(user, ' Ada@Example.com ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/education'));
    expect(auth.calls.login).toEqual([{ username: 'Ada@Example.com', password: PASSWORD }]);
    expect(store.getState().session).toMatchObject({ is_logged_in: true, username: 'ada@example.com' });
    expect(toastsOf(store)).toEqual([]);
  });

  it('with no stored last page, lands on /about', async () => {
    server.use(...authApi().handlers, ...loggedInAccountHandlers());
    const { user, router } = await renderAuthPage('/login');
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'About You' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
  });

  it("shows wrong credentials as a 'Login Card Error' toast and stays, without the unconfirmed offer", async () => {
    const message = 'Incorrect email address or password.';
    server.use(...authApi({ login: authError(400, message, 'NotAuthorizedException') }).handlers);
    const { user, router, store } = await renderAuthPage('/login');
    await logIn(user);
    await waitFor(() => expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Login Card Error', message }]));
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.is_logged_in).toBe(false);
    expect(screen.queryByText('Your account is not confirmed yet.')).not.toBeInTheDocument();
  });

  describe('an unconfirmed account (403 UserNotConfirmedException)', () => {
    async function failUnconfirmed(state?: { studentAnswers: Record<string, string> }) {
      const auth = authApi({ login: authError(403, NOT_CONFIRMED, 'UserNotConfirmedException') });
      server.use(...auth.handlers);
      const rendered = await renderAuthPage('/login', { state });
      await logIn(rendered.user);
      const title = await screen.findByText('Your account is not confirmed yet.');
      const offer = title.closest<HTMLElement>('[role="alert"]');
      if (!offer) throw new Error('The unconfirmed-account offer is not announced (role="alert").');
      return { ...rendered, auth, offer };
    }

    it('shows the error toast and an inline offer to resend the code or enter it', async () => {
      const { store, offer } = await failUnconfirmed();
      expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Login Card Error', message: NOT_CONFIRMED }]);
      expect(offer).toHaveTextContent('Your account is not confirmed yet.');
      expect(within(offer).getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
      expect(within(offer).getByRole('link', { name: 'Enter your confirmation code' })).toHaveAttribute(
        'href',
        '/confirm',
      );
    });

    it("'Send a new code' posts the username and shows a success toast", async () => {
      const { user, store, auth, offer } = await failUnconfirmed();
      await user.click(within(offer).getByRole('button', { name: 'Send a new code' }));
      await waitFor(() => expect(auth.calls.resend).toEqual([{ username: 'ada@example.com' }]));
      await waitFor(() =>
        expect(toastsOf(store)).toContainEqual({
          severity: 'success',
          title: 'Success Notification',
          message: AUTH_SUCCESS_MESSAGES.resend,
        }),
      );
    });

    it('the confirm link carries the username (and the answers) to a prefilled confirm card', async () => {
      const studentAnswers = { first_name: 'Ada' };
      const { user, router, offer } = await failUnconfirmed({ studentAnswers });
      await user.click(within(offer).getByRole('link', { name: 'Enter your confirmation code' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeInTheDocument();
      expect(locationOf(router)).toEqual({
        pathname: '/confirm',
        search: '',
        state: { studentAnswers, username: 'ada@example.com' },
      });
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    });
  });

  it("'Resend confirmation code' posts the email in the field and shows the server's message", async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, store } = await renderAuthPage('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));
    await waitFor(() => expect(auth.calls.resend).toEqual([{ username: 'ada@example.com' }]));
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        { severity: 'success', title: 'Success Notification', message: AUTH_SUCCESS_MESSAGES.resend },
      ]),
    );
    expect(auth.calls.login).toEqual([]);
  });

  it("shows a refused resend as a 'Resend Confirmation Code Error' toast", async () => {
    const message = 'Too many requests. Please wait 1 minute and try again.';
    server.use(...authApi({ resend: authError(429, message, 'TooManyRequests') }).handlers);
    const { user, store } = await renderAuthPage('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Resend Confirmation Code Error', message }]),
    );
  });

  it("shows a navigation errorMessage (e.g. session ended) as a 'Login Card Error' toast, once", async () => {
    const message = 'Your session is invalid. Please clear your cookies and login again.';
    const { router, store } = await renderAuthPage('/login', { state: { errorMessage: message } });
    await waitFor(() => expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Login Card Error', message }]));
    await waitFor(() => expect(locationOf(router).state).toEqual({}));
  });

  it('shows a navigation successMessage once under StrictMode, and keeps the rest of the state', async () => {
    const store = makeStore();
    const router = createAppRouter(store, { initialEntries: ['/forgot'] });
    render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, { timeout: 5000 });
    const studentAnswers = { first_name: 'Ada' };
    await act(() => router.navigate('/login?from=mail', { state: { successMessage: 'All done.', studentAnswers } }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await waitFor(() => expect(locationOf(router).state).toEqual({ studentAnswers }));
    expect(locationOf(router).search).toBe('?from=mail');
    expect(toastsOf(store)).toEqual([{ severity: 'success', title: 'Success Notification', message: 'All done.' }]);
  });

  it('a successMessage shows on any account page (here: Sign Up)', async () => {
    const { store } = await renderAuthPage('/signup', { state: { successMessage: 'Hello.' } });
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([{ severity: 'success', title: 'Success Notification', message: 'Hello.' }]),
    );
  });
});
