import { lazy, useState } from 'react';
import { PARTNER } from '../kernel/partner';
import { Dialog } from './Dialog';

/**
 * The notices' words come with the modal, not in the first download: each shows inside the Dialog's own Suspense,
 * so the modal opens once both are in. Offline, the Help modal still gives the address and the phone number.
 */
const Notice = lazy(() =>
  import(/* webpackChunkName: "footer-notices" */ './FooterNotices').then(
    ({ HelpNotice, PrivacyNotice }) => ({
      default: ({ which }: { which: 'help' | 'privacy' }) => (which === 'help' ? <HelpNotice /> : <PrivacyNotice />),
    }),
    () => ({
      default: () => (
        <p>
          {PARTNER.helpEmail} · {PARTNER.phone}
        </p>
      ),
    }),
  ),
);

type Notice = 'help' | 'privacy' | null;

/** The page footer (contentinfo landmark) with the Help and Privacy modals (SPEC §1). */
export function SiteFooter() {
  const [open, setOpen] = useState<Notice>(null);
  const close = () => setOpen(null);
  return (
    <footer className="shell-footer">
      <div className="shell-container shell-footer-inner">
        <p>
          {PARTNER.name} · {PARTNER.department}
        </p>
        <div className="shell-footer-links">
          <button type="button" className="shell-btn shell-btn-link" onClick={() => setOpen('help')}>
            Help
          </button>
          <button type="button" className="shell-btn shell-btn-link" onClick={() => setOpen('privacy')}>
            Privacy
          </button>
        </div>
      </div>
      <Dialog
        open={open === 'help'}
        title="Help"
        onCancel={close}
        actions={[{ label: 'Close', onClick: close, primary: true }]}
      >
        <Notice which="help" />
      </Dialog>
      <Dialog
        open={open === 'privacy'}
        title="Privacy and Cookie Notice"
        onCancel={close}
        actions={[{ label: 'Close', onClick: close, primary: true }]}
      >
        <Notice which="privacy" />
      </Dialog>
    </footer>
  );
}
