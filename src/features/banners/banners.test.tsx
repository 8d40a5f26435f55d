import { screen, within } from '@testing-library/react';
import { renderApp, renderWithProviders } from '../../../tests/renderWithProviders';
import { act } from 'react';
import { initialSessionState, sessionDetected, type SessionState } from '../session/sessionSlice';
import { DeadlineBanner } from './DeadlineBanner';
import { WelcomeBanner } from './WelcomeBanner';
import { clock } from './clock';

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const today = (y: number, m: number, d: number) => {
  clock.now = () => new Date(y, m - 1, d, 9, 30);
};

const session = (extra: Partial<SessionState>) => ({ session: { ...initialSessionState, ...extra } });

describe('DeadlineBanner', () => {
  it('promotes the deadline of the day', () => {
    renderWithProviders(<DeadlineBanner now={new Date(2025, 0, 2)} />);
    const banner = screen.getByRole('region', { name: 'Application deadline' });
    expect(banner).toHaveTextContent('Apply by January 15!');
  });

  it('shows nothing outside every window', () => {
    renderWithProviders(<DeadlineBanner now={new Date(2025, 5, 1)} />);
    expect(screen.queryByRole('region', { name: 'Application deadline' })).not.toBeInTheDocument();
  });

  it('reads the replaceable clock when no date is given', () => {
    today(2024, 10, 29);
    renderWithProviders(<DeadlineBanner />);
    expect(screen.getByRole('region', { name: 'Application deadline' })).toHaveTextContent('Apply by December 1!');
  });

  it.each([
    ['/about', true],
    ['/education', true],
    ['/final-steps', true],
  ])('shows on %s', async (url) => {
    today(2025, 3, 2);
    renderApp(url);
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('region', { name: 'Application deadline' })).toHaveTextContent('Apply by March 1!');
  });

  it('does not show for a service user', async () => {
    today(2025, 3, 2);
    renderApp('/about', { preloadedState: session({ is_service_user: true }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Application deadline' })).not.toBeInTheDocument();
  });
});

describe('WelcomeBanner', () => {
  it('invites a visitor to create an account or log in, with links', () => {
    renderWithProviders(<WelcomeBanner />);
    const banner = screen.getByRole('region', { name: 'Welcome' });
    expect(within(banner).getByRole('link', { name: 'create an account' })).toHaveAttribute('href', '/signup');
    expect(within(banner).getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });

  it('welcomes a first login and encourages a second', () => {
    const { unmount } = renderWithProviders(<WelcomeBanner />, {
      preloadedState: session({ is_logged_in: true, num_logins: 1, web_status: 'started' }),
    });
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent('Welcome to your application!');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<WelcomeBanner />, {
      preloadedState: session({ is_logged_in: true, num_logins: 2, web_status: 'started' }),
    });
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent('Welcome back!');
  });

  it('knows the login count from the marker cookie before the profile has loaded', () => {
    const { store } = renderWithProviders(<WelcomeBanner />);
    act(() => {
      store.dispatch(sessionDetected({ isLoggedIn: true, numLogins: 2 }));
    });
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent('Welcome back!');
  });

  it('says further steps are required after submission', () => {
    renderWithProviders(<WelcomeBanner />, {
      preloadedState: session({ is_logged_in: true, num_logins: 1, web_status: 'submitted' }),
    });
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent(/further steps are required/i);
  });

  it('is gone from the third login on, and after a page change', () => {
    const { unmount } = renderWithProviders(<WelcomeBanner />, {
      preloadedState: session({ is_logged_in: true, num_logins: 3, web_status: 'started' }),
    });
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<WelcomeBanner />, { preloadedState: session({ has_changed_page: true }) });
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
  });
});
