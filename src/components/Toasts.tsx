import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { TOAST_HOTKEY, TOAST_SWIPE_CLOSE_PX } from '../kernel/constants';
import { useClearOfToasts } from './useClearOfToasts';

export interface ToastItem {
  id: string;
  severity: 'success' | 'error';
  /** Its accessible name and visible title, e.g. 'Success Notification' or 'Login Card Error'. */
  title: string;
  message: string;
  durationMs: number;
  /** A button in the toast, e.g. Undo. */
  action?: { label: string };
}

interface ToastsProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
  onAction?: (id: string) => void;
  /** Puts each text in the reader's language (the toasts keep message ids: their English text). */
  translate: (text: string) => string;
}

/**
 * The toasts region (SPEC §9): each toast closes itself after its duration (paused while hovered or focused),
 * with its close button, or when swiped right more than TOAST_SWIPE_CLOSE_PX. TOAST_HOTKEY (F8) moves focus to
 * the region from anywhere, so keyboard users can reach a toast before it goes.
 */
export function Toasts({ toasts, onDismiss, onAction, translate }: ToastsProps) {
  const regionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  useClearOfToasts(regionRef, toasts.length);
  return (
    <section ref={regionRef} className="shell-toasts" aria-label={translate('Notifications')} tabIndex={-1}>
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} onAction={onAction} translate={translate} />
      ))}
    </section>
  );
}

function ToastCard({
  toast,
  onDismiss,
  onAction,
  translate,
}: {
  toast: ToastItem;
  onDismiss: (id: string) => void;
  onAction?: (id: string) => void;
  translate: (text: string) => string;
}) {
  const { id, severity, title, message, durationMs, action } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(durationMs);

  // Auto-dismiss, counting only the time the toast was not hovered or focused.
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const dx = Math.max(0, event.clientX - swipeStart.current);
    // Capture only once it is really a swipe, so a tap on the close button stays a click on it.
    if (dx > 5 && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(dx);
  };
  const endSwipe = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (!cancelled && dx > TOAST_SWIPE_CLOSE_PX) onDismiss(id);
    else setOffset(0);
  };

  return (
    <div
      role={severity === 'error' ? 'alert' : 'status'}
      aria-label={translate(title)}
      className={`shell-toast shell-toast-${severity}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endSwipe(event, false)}
      onPointerCancel={(event) => endSwipe(event, true)}
    >
      <div className="shell-toast-body">
        <p className="shell-toast-title">{translate(title)}</p>
        <p className="shell-toast-message">{translate(message)}</p>
        {action && onAction && (
          <button type="button" className="shell-toast-action" onClick={() => onAction(id)}>
            {translate(action.label)}
          </button>
        )}
      </div>
      <button
        type="button"
        className="shell-toast-close"
        aria-label={translate('Close notification')}
        onClick={() => onDismiss(id)}
      >
        <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
          <path d="M1 1l12 12M13 1L1 13" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
