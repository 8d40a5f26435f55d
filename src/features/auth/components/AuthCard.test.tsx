import { screen } from '@testing-library/react';
import { renderAuthPage } from '../testing';

describe('auth card headers and footers (SPEC §2, §9)', () => {
  it.each([
    ['/signup', 'Sign Up', 'Already have an account?', 'Log In', '/login'],
    ['/confirm', 'Confirm Your Account', 'Already confirmed your account?', 'Log In', '/login'],
    ['/login', 'Log In', "Don't have an account?", 'Create Account', '/signup'],
    ['/forgot', 'Forgot Password', 'Remember your password?', 'Log In', '/login'],
    ['/reset?username=a%40b.co&id=x', 'Reset Password', 'Remember your password?', 'Log In', '/login'],
  ])('%s: <h1> %s, footer "%s" with the link %s → %s', async (url, heading, question, linkText, to) => {
    const { user, router } = await renderAuthPage(url, { state: { studentAnswers: { first_name: 'Ada' } } });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    // The card is a region named by its heading.
    expect(screen.getByRole('region', { name: heading })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: linkText });
    expect(link.closest('p')).toHaveTextContent(`${question} ${linkText}`);
    expect(link).toHaveAttribute('href', to);
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: { '/login': 'Log In', '/signup': 'Sign Up' }[to] });
    expect(router.state.location.pathname).toBe(to);
    // The visitor's answers travel with them.
    expect(router.state.location.state).toEqual({ studentAnswers: { first_name: 'Ada' } });
  });

  it("the login card links to /forgot with 'Forgot password'", async () => {
    const { user, router } = await renderAuthPage('/login');
    const link = screen.getByRole('link', { name: 'Forgot password' });
    expect(link).toHaveAttribute('href', '/forgot');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(router.state.location.pathname).toBe('/forgot');
  });
});
