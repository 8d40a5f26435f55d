import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PARTNER } from '../kernel/partner';
import { SiteFooter } from './SiteFooter';

const setup = () => ({ user: userEvent.setup({ delay: null }), ...render(<SiteFooter />) });

/** antd keeps a closed modal in the DOM, hidden: "closed" means no longer visible to the user. */
const expectClosed = (name: string) =>
  waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());

describe('SiteFooter', () => {
  it('is the contentinfo landmark with Help and Privacy buttons, and no modal until one is pressed', () => {
    setup();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Privacy' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Help opens a modal with the help email, department, address, phone and the PDF-reader note; Close closes it', async () => {
    const { user } = setup();
    const helpButton = screen.getByRole('button', { name: 'Help' });
    await user.click(helpButton);
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(within(dialog).getByRole('link', { name: PARTNER.helpEmail })).toHaveAttribute(
      'href',
      `mailto:${PARTNER.helpEmail}`,
    );
    expect(dialog).toHaveTextContent(PARTNER.department);
    expect(dialog).toHaveTextContent(PARTNER.address);
    expect(within(dialog).getByRole('link', { name: PARTNER.phone })).toHaveAttribute('href', 'tel:5550100142');
    expect(dialog).toHaveTextContent('Some files may need a PDF reader to open.');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expectClosed('Help');
    // antd gives focus back to the button that opened the modal.
    await waitFor(() => expect(helpButton).toHaveFocus());
  });

  it('Privacy opens the privacy and cookie notice (sid, logged_in, answers stored); Escape closes it', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Privacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy and Cookie Notice' });
    expect(dialog).toHaveTextContent('sid');
    expect(dialog).toHaveTextContent('logged_in');
    expect(dialog).toHaveTextContent(/answers are stored on our servers to save your application/i);
    expect(dialog).toHaveTextContent(/cookie/i);

    await user.keyboard('{Escape}');
    await expectClosed('Privacy and Cookie Notice');
  });

  it('opens one modal at a time and can open again after closing', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Help' })).getByRole('button', { name: 'Close' }),
    );
    await expectClosed('Help');
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog', { name: 'Help' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Privacy and Cookie Notice' })).not.toBeInTheDocument();
  });
});
