import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authApi, authError } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { GOOD_PASSWORD, locationOf, renderAuthPage, toastsOf } from '../testing';
import { ANSWERS_KEPT } from './SignUpPage';

const studentAnswers = { first_name: 'Ada', gender: 'F', gender_desc: 'Female' };

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderAuthPage>>['user'], email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('Sign Up', () => {
  it('tells a visitor sent here with their answers that the answers are kept', async () => {
    await renderAuthPage('/signup', { state: { studentAnswers } });
    expect(screen.getByText(ANSWERS_KEPT)).toBeInTheDocument();
  });

  it('says nothing of answers to a visitor who typed none', async () => {
    await renderAuthPage('/signup');
    expect(screen.queryByText(ANSWERS_KEPT)).not.toBeInTheDocument();
  });

  it('posts the trimmed email and the password, then goes to /confirm with the username and the answers', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, router, store } = await renderAuthPage('/signup', { state: { studentAnswers } });
    await fillAndSubmit(user, '  ada@example.com ');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeInTheDocument();
    expect(auth.calls.signup).toEqual([{ username: 'ada@example.com', password: GOOD_PASSWORD }]);
    expect(locationOf(router)).toEqual({
      pathname: '/confirm',
      search: '',
      state: { username: 'ada@example.com', studentAnswers },
    });
    // The confirm card is filled in with the new account's email.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(toastsOf(store)).toEqual([]);
  });

  // An address that has an account is no refusal: the server answers it as any sign-up (and mails the owner).
  it("shows the server's refusal as a 'Sign Up Card Error' toast and stays", async () => {
    const message = 'This password is too common and easy to guess. Please choose a different one.';
    const auth = authApi({ signup: authError(400, message) });
    server.use(...auth.handlers);
    const { user, router, store } = await renderAuthPage('/signup');
    await fillAndSubmit(user, 'ada@example.com');

    await waitFor(() => expect(toastsOf(store)).toEqual([{ severity: 'error', title: 'Sign Up Card Error', message }]));
    expect(router.state.location.pathname).toBe('/signup');
    expect(auth.calls.signup).toHaveLength(1);
  });

  it('a reply that is not JSON gives the generic message (error catalogue), not the error boundary', async () => {
    server.use(http.post('*/public/signup', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const { user, store } = await renderAuthPage('/signup');
    await fillAndSubmit(user, 'ada@example.com');
    await waitFor(() =>
      expect(toastsOf(store)).toEqual([
        {
          severity: 'error',
          title: 'Sign Up Card Error',
          message: "We've encountered an unexpected error at this time. Please try again later.",
        },
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });
});
