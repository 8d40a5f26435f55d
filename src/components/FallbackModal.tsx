import { useEffect, useId, useRef } from 'react';
import { MODAL_WIDTH_PX, type ModalProps } from './modalTypes';

/**
 * Used only when the antd modal's chunk cannot be downloaded (offline, or a new deployment removed it): a plain
 * modal dialog so an error or the inactivity warning still reaches the applicant.
 */
export default function FallbackModal({ open, title, children, actions, onCancel }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        background: 'rgba(0,0,0,0.45)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
        style={{
          width: `min(${MODAL_WIDTH_PX}px, calc(100vw - 32px))`,
          background: '#fff',
          borderRadius: 8,
          padding: 24,
        }}
      >
        <h2 id={titleId} style={{ margin: '0 0 12px', fontSize: '1.125rem' }}>
          {title}
        </h2>
        <div className="shell-dialog-text">{children}</div>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={action.primary ? 'shell-btn shell-btn-primary' : 'shell-btn'}
              onClick={action.onClick}
            >
              {action.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
