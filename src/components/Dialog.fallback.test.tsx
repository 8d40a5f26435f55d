import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './Dialog';

// antd's modal chunk cannot be downloaded (offline, or a new deployment removed the old chunk).
jest.mock('./AppModal', () => {
  throw new Error('Loading chunk modal failed.');
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Still working?"
        onCancel={() => setOpen(false)}
        actions={[{ label: 'Yes', onClick: () => setOpen(false), primary: true }]}
      >
        <p>You will be logged out soon.</p>
      </Dialog>
    </>
  );
}

describe('Dialog without its antd chunk', () => {
  it('falls back to a plain modal dialog that still works: focus, Escape, actions', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Still working?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveTextContent('You will be logged out soon.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
