import type { ReactNode } from 'react';

interface BottomBarProps {
  /** Where 'Save and go back' goes; no button without it. */
  back?: string;
  /** Where 'Save and Continue' goes; no button without it. */
  next?: string;
  /** Whether 'Submit Application' shows (the last page). */
  canSubmit?: boolean;
  /** A Submit is at work: the button says so and a press does nothing (it keeps focus, unlike a disabled one). */
  submitting?: boolean;
  onNavigate: (to: string) => void;
  onSubmit: () => void;
  /** Shown between the buttons, e.g. the save state ('All changes saved', 'Offline: will retry'). */
  status?: ReactNode;
}

/** The page buttons under the form. On narrow screens they stack, the forward action on top. */
export function BottomBar({
  back,
  next,
  canSubmit = false,
  submitting = false,
  onNavigate,
  onSubmit,
  status,
}: BottomBarProps) {
  return (
    <div className="shell-bottom-bar">
      {back && (
        <button type="button" className="shell-btn" onClick={() => onNavigate(back)}>
          Save and go back
        </button>
      )}
      {status && <div className="shell-bottom-bar-status">{status}</div>}
      <div className="shell-bottom-bar-end">
        {next && (
          <button type="button" className="shell-btn shell-btn-primary" onClick={() => onNavigate(next)}>
            Save and Continue
          </button>
        )}
        {canSubmit && (
          <button
            type="button"
            className="shell-btn shell-btn-primary"
            aria-disabled={submitting || undefined}
            onClick={submitting ? undefined : onSubmit}
          >
            {submitting && <span className="shell-btn-spinner" aria-hidden="true" />}
            Submit Application
          </button>
        )}
      </div>
    </div>
  );
}
