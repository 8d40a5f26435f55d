import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { ErrorDialog } from './ErrorDialog';
import { dialogShown } from './notificationsSlice';

describe('ErrorDialog', () => {
  it('shows nothing while there is no dialog', () => {
    renderWithProviders(<ErrorDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the store's dialog titled 'Error' by default; OK closes it (dialogClosed)", async () => {
    const { store, user } = renderWithProviders(<ErrorDialog />);
    act(() => void store.dispatch(dialogShown({ message: 'The server is unavailable.' })));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('The server is unavailable.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(store.getState().notifications.dialog).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uses the dialog’s own title, and Escape closes it too', async () => {
    const { store, user } = renderWithProviders(<ErrorDialog />);
    act(() => void store.dispatch(dialogShown({ title: 'File Upload in Progress', message: 'Please wait.' })));
    expect(await screen.findByRole('dialog', { name: 'File Upload in Progress' })).toHaveTextContent('Please wait.');
    await user.keyboard('{Escape}');
    expect(store.getState().notifications.dialog).toBeNull();
  });

  it('shows the message inline, without a modal, when asked (the service print view)', () => {
    const { store } = renderWithProviders(<ErrorDialog inline />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => void store.dispatch(dialogShown({ message: 'This link has expired.' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: This link has expired.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
