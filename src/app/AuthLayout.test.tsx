import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../../tests/renderWithProviders';
import { toastShown } from '../features/notifications/notificationsSlice';

describe('AuthLayout', () => {
  it.each(['/signup', '/confirm', '/login', '/forgot', '/reset?username=a%40b.co&id=x'])(
    '%s: site name header, main, footer; no account popover, no page tabs',
    async (url) => {
      renderApp(url);
      await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      const header = screen.getByRole('banner');
      expect(header).toHaveTextContent('Undergraduate Admission Application');
      expect(within(header).queryByRole('heading')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Application pages' })).not.toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
      expect(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Help' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save and Continue' })).not.toBeInTheDocument();
    },
  );

  it('shows the toasts region', async () => {
    const { store } = renderApp('/login');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    act(() => void store.dispatch(toastShown({ severity: 'error', title: 'Login Card Error', message: 'Nope.' })));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('alert', { name: 'Login Card Error' })).toHaveTextContent('Nope.');
  });
});
