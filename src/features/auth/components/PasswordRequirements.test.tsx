/**
 * The password requirement lines (SPEC §5) on Sign Up and Reset Password: inactive while the password is empty,
 * error when failing, success when passing; each state in words for screen readers, not by colour alone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { authApi } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { GOOD_PASSWORD, renderAuthPage } from '../testing';

const RULE_TEXTS = [
  'is at least 12 characters',
  'contains at least one uppercase letter',
  'contains at least one lowercase letter',
  'contains at least one number',
  'contains at least one special character',
  'contains no leading or trailing whitespace',
];
const PREFIX = { inactive: 'Requirement:', error: 'Not met:', success: 'Met:' } as const;
type State = keyof typeof PREFIX;

function requirementList() {
  return screen.getByRole('list', { name: 'Password requirements:' });
}

/** Each line as [text, state], read from what the user and the screen reader get: icon-free text + prefix. */
function lines(): [string, State][] {
  return within(requirementList())
    .getAllByRole('listitem')
    .map((item) => {
      const text = item.textContent ?? '';
      const state = (Object.keys(PREFIX) as State[]).find((s) => text.startsWith(`${PREFIX[s]} `));
      if (!state) throw new Error(`No state prefix on "${text}"`);
      expect(item).toHaveAttribute('data-state', state);
      return [text.slice(PREFIX[state].length + 1), state];
    });
}

const allIn = (state: State, texts = RULE_TEXTS) => texts.map((text): [string, State] => [text, state]);

describe('sign-up password requirement lines', () => {
  it('lists the six rules word for word, inactive while the password is empty', async () => {
    await renderAuthPage('/signup');
    expect(lines()).toEqual(allIn('inactive'));
    // Announced politely as they change, and read as the password field's description.
    expect(requirementList()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Requirement: is at least 12 characters'),
    );
  });

  it.each([
    ['is at least 12 characters', 'Ab1!efghijk'],
    ['contains at least one uppercase letter', 'abcdefgh1!xyz'],
    ['contains at least one lowercase letter', 'ABCDEFGH1!XYZ'],
    ['contains at least one number', 'Abcdefgh!xyzw'],
    ['contains at least one special character', 'Abcdefgh1xyzw'],
    ['contains no leading or trailing whitespace', ' Abcdefgh1!xyz'],
  ])('"%s" is the only error for %j; the others are met', async (failing, password) => {
    const { user } = await renderAuthPage('/signup');
    await user.type(screen.getByLabelText('Password'), password);
    expect(lines()).toEqual(RULE_TEXTS.map((text) => [text, text === failing ? 'error' : 'success']));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(`Not met: ${failing}`),
    );
  });

  it('turns every line to met for a good password, and back to inactive when it is cleared', async () => {
    const { user } = await renderAuthPage('/signup');
    const password = screen.getByLabelText('Password');
    await user.type(password, GOOD_PASSWORD);
    expect(lines()).toEqual(allIn('success'));
    await user.clear(password);
    expect(lines()).toEqual(allIn('inactive'));
  });

  it('a submit with failing rules shows them as errors, marks the field invalid and calls nothing', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user } = await renderAuthPage('/signup');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    // Empty: every rule fails except "no leading or trailing whitespace", which an empty password meets.
    expect(lines()).toEqual(RULE_TEXTS.map((text, i) => [text, i === 5 ? 'success' : 'error']));
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await user.type(screen.getByLabelText('Password'), 'short1!A');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(lines()[0]).toEqual(['is at least 12 characters', 'error']));
    expect(auth.calls.signup).toEqual([]);
  });

  it('the Show/Hide button is keyboard reachable, names its field and reveals the password', async () => {
    const { user } = await renderAuthPage('/signup');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(password);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus();
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('reset password requirement lines', () => {
  it("adds 'passwords must match': inactive, then error, then success", async () => {
    const { user } = await renderAuthPage('/reset?username=ada%40example.com&id=reset-id');
    expect(lines()).toEqual([...allIn('inactive'), ['passwords must match', 'inactive']]);

    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), GOOD_PASSWORD.slice(0, 5));
    expect(lines()).toEqual([...allIn('success'), ['passwords must match', 'error']]);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Not met: passwords must match');

    await user.type(screen.getByLabelText('Confirm Password'), GOOD_PASSWORD.slice(5));
    expect(lines()).toEqual([...allIn('success'), ['passwords must match', 'success']]);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Met: passwords must match');
  });

  it('a submit with different passwords shows the match line as an error and calls nothing', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user } = await renderAuthPage('/reset?username=ada%40example.com&id=reset-id');
    await user.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(lines().at(-1)).toEqual(['passwords must match', 'error']);
    expect(screen.getByLabelText('Confirm Password')).toHaveFocus();
    expect(auth.calls.reset).toEqual([]);
  });
});
