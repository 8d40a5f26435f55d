import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_POPOVER_OFFSET } from '../kernel/constants';
import { AccountPopover } from './AccountPopover';

function setup(props: Partial<Parameters<typeof AccountPopover>[0]> = {}) {
  const callbacks = { onSignIn: jest.fn(), onCreateAccount: jest.fn(), onLogOut: jest.fn() };
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <AccountPopover isLoggedIn={false} username={null} {...callbacks} {...props} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Account' });
  return { user, trigger, ...callbacks };
}

describe('AccountPopover', () => {
  it('is a closed disclosure until pressed', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it(`opens ${ACCOUNT_POPOVER_OFFSET} px under the button, controlled by it, and moves focus into it`, async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    const popover = screen.getByRole('dialog', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', popover.id);
    expect(popover.style.top).toBe(`calc(100% + ${ACCOUNT_POPOVER_OFFSET}px)`);
    expect(within(popover).getByRole('button', { name: 'Sign In' })).toHaveFocus();
  });

  it('Escape closes it and gives focus back to the button', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('Close closes it and gives focus back to the button', async () => {
    const { user, trigger } = setup({ isLoggedIn: true, username: 'ada@example.com' });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('works from the keyboard alone: Enter opens, Tab walks the actions, Enter chooses', async () => {
    const { user, trigger, onCreateAccount } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onCreateAccount).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside, and when focus leaves it', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    await user.tab(); // Create Account
    await user.tab(); // Close
    await user.tab(); // out
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a visitor: Sign In and Create Account call back', async () => {
    const { user, trigger, onSignIn, onCreateAccount, onLogOut } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(onCreateAccount).toHaveBeenCalledTimes(1);
    expect(onLogOut).not.toHaveBeenCalled();
  });

  it('logged in: the username (mail icon hidden from assistive technology) and Log Out', async () => {
    const { user, trigger, onLogOut } = setup({ isLoggedIn: true, username: 'ada@example.com' });
    await user.click(trigger);
    const popover = screen.getByRole('dialog', { name: 'Account' });
    expect(within(popover).getByText('ada@example.com')).toBeInTheDocument();
    expect(popover).toHaveTextContent('Signed in as ada@example.com');
    expect(within(popover).queryByRole('img')).not.toBeInTheDocument();
    expect(within(popover).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(within(popover).queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Log Out' }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
  });
});
