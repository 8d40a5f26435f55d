import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ModalProps } from './modalTypes';
import * as DialogModule from './Dialog';

function Harness({ Dialog }: { Dialog: (props: ModalProps) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Notice"
        onCancel={() => setOpen(false)}
        actions={[{ label: 'Done', onClick: () => setOpen(false), primary: true }]}
      >
        <p>Body text.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('renders nothing (and loads nothing) until first opened', () => {
    const { Dialog } = DialogModule;
    render(<Harness Dialog={Dialog} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a modal with its title, body and actions; the action closes it', async () => {
    const { Dialog } = DialogModule;
    const user = userEvent.setup({ delay: null });
    render(<Harness Dialog={Dialog} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveTextContent('Body text.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
