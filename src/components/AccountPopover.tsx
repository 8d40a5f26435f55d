import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { ACCOUNT_POPOVER_OFFSET } from '../kernel/constants';
import { SvgIcon } from './SvgIcon';

interface AccountPopoverProps {
  isLoggedIn: boolean;
  username: string | null;
  onSignIn: () => void;
  onCreateAccount: () => void;
  onLogOut: () => void;
}

/**
 * The 'Account' button and its popover (SPEC §2): Sign In / Create Account for a visitor, the username and
 * Log Out for an applicant, and a Close button. A non-modal dialog under the button (ACCOUNT_POPOVER_OFFSET px
 * below it): focus moves into it on open; Escape, Close, a click outside or tabbing out closes it; Escape and
 * Close give focus back to the button.
 */
export function AccountPopover({ isLoggedIn, username, onSignIn, onCreateAccount, onLogOut }: AccountPopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const closeAndFocusTrigger = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      closeAndFocusTrigger();
    }
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="shell-account" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className="shell-btn"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <SvgIcon icon={UserOutlined} />
        Account
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label="Account"
        className="shell-account-panel"
        style={{ top: `calc(100% + ${ACCOUNT_POPOVER_OFFSET}px)` }}
        hidden={!open}
      >
        {isLoggedIn ? (
          <>
            {username && (
              <p className="shell-account-user">
                <SvgIcon icon={MailOutlined} />
                <span className="shell-sr-only">Signed in as </span>
                <span>{username}</span>
              </p>
            )}
            <div className="shell-account-actions">
              <button type="button" className="shell-btn shell-btn-primary" onClick={choose(onLogOut)}>
                Log Out
              </button>
              <button type="button" className="shell-btn" onClick={closeAndFocusTrigger}>
                Close
              </button>
            </div>
          </>
        ) : (
          <div className="shell-account-actions">
            <button type="button" className="shell-btn shell-btn-primary" onClick={choose(onSignIn)}>
              Sign In
            </button>
            <button type="button" className="shell-btn" onClick={choose(onCreateAccount)}>
              Create Account
            </button>
            <button type="button" className="shell-btn" onClick={closeAndFocusTrigger}>
              Close
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
