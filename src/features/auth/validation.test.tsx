/**
 * SPEC §5 "Auth": every validation message, on the page that shows it, through the real routes. A form that
 * fails validation never reaches the API (the msw handlers record every call).
 */
import { screen, waitFor } from '@testing-library/react';
import { authApi, type AuthEndpoint } from '../../../tests/msw/auth';
import { server } from '../../../tests/msw/server';
import { renderAuthPage } from './testing';

const SUBMIT: Record<string, { button: string; endpoint: AuthEndpoint }> = {
  '/signup': { button: 'Create Account', endpoint: 'signup' },
  '/confirm': { button: 'Confirm Account', endpoint: 'confirm' },
  '/login': { button: 'Log In', endpoint: 'login' },
  '/forgot': { button: 'Send Reset Link', endpoint: 'forgot' },
  '/reset': { button: 'Reset Password', endpoint: 'reset' },
};

const EMAIL_INVALID = 'Your email address must be valid.';
const LOGIN_EMAIL_INVALID = 'Please provide a valid email address.';
const PASSWORD_REQUIRED = 'Password is required.';
const CODE_INVALID = 'The confirmation code must be exactly 6 numbers.';
const RESEND_EMAIL_INVALID = 'You must provide a valid email address to resend a confirmation code.';

/** [page, url, field label, what is typed, message] */
const CASES: [string, string, string, string, string][] = [
  ['/signup', '/signup', 'Email', '', EMAIL_INVALID],
  ['/signup', '/signup', 'Email', 'ada.example.com', EMAIL_INVALID],
  ['/signup', '/signup', 'Email', 'ada@example', EMAIL_INVALID],
  ['/confirm', '/confirm', 'Email', '', EMAIL_INVALID],
  ['/confirm', '/confirm', 'Email', 'ada@@example.com', EMAIL_INVALID],
  ['/forgot', '/forgot', 'Email', '', EMAIL_INVALID],
  ['/forgot', '/forgot', 'Email', 'ada example@x.com', EMAIL_INVALID],
  ['/reset', '/reset?id=reset-id', 'Email', '', EMAIL_INVALID],
  ['/reset', '/reset?id=reset-id', 'Email', 'not-an-email', EMAIL_INVALID],
  ['/login', '/login', 'Email', '', LOGIN_EMAIL_INVALID],
  ['/login', '/login', 'Email', 'ada@', LOGIN_EMAIL_INVALID],
  ['/login', '/login', 'Password', '', PASSWORD_REQUIRED],
  ['/confirm', '/confirm', 'Confirmation Code', '', CODE_INVALID],
  ['/confirm', '/confirm', 'Confirmation Code', '12345', CODE_INVALID],
  ['/confirm', '/confirm', 'Confirmation Code', '1234567', CODE_INVALID],
  ['/confirm', '/confirm', 'Confirmation Code', '12a456', CODE_INVALID],
];

describe('auth validation messages (SPEC §5)', () => {
  it.each(CASES)('%s: %s "%s" → %s', async (page, url, label, typed, message) => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user } = await renderAuthPage(url);
    const input = screen.getByLabelText(label);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: SUBMIT[page].button }));

    const error = await screen.findByText(message);
    expect(error).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(auth.calls[SUBMIT[page].endpoint]).toEqual([]);
  });

  it('shows an error once the field is left, and rechecks it on every change', async () => {
    const { user } = await renderAuthPage('/signup');
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada@example');
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    await user.type(email, '.com');
    await waitFor(() => expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('moves focus to the first invalid field when a submit is stopped', async () => {
    const { user } = await renderAuthPage('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it.each([
    ['/login', ''],
    ['/login', 'ada@example'],
    ['/confirm', ''],
    ['/confirm', 'nobody'],
  ])(
    '%s: "Resend confirmation code" with email "%s" shows the resend message and sends nothing',
    async (url, typed) => {
      const auth = authApi();
      server.use(...auth.handlers);
      const { user } = await renderAuthPage(url);
      const email = screen.getByLabelText('Email');
      if (typed) await user.type(email, typed);
      await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

      const error = await screen.findByText(RESEND_EMAIL_INVALID);
      expect(error).toHaveAttribute('role', 'alert');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription(RESEND_EMAIL_INVALID);
      expect(email).toHaveFocus();
      expect(auth.calls.resend).toEqual([]);

      // The message belongs to the refused address: it goes once the email changes.
      await user.type(email, 'x');
      expect(screen.queryByText(RESEND_EMAIL_INVALID)).not.toBeInTheDocument();
    },
  );
});
