import { useState } from 'react';
import { PARTNER } from '../kernel/partner';
import { Dialog } from './Dialog';
import { HelpNotice, PrivacyNotice } from './FooterNotices';

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
        <HelpNotice />
      </Dialog>
      <Dialog
        open={open === 'privacy'}
        title="Privacy and Cookie Notice"
        onCancel={close}
        actions={[{ label: 'Close', onClick: close, primary: true }]}
      >
        <PrivacyNotice />
      </Dialog>
    </footer>
  );
}
