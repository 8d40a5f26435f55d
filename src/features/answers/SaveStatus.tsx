import { useAppSelector } from '../../shared/hooks';
import { SAVE_STATE } from '../../kernel/messages';
import type { SaveStatus as Status } from './syncSlice';

/** The words for each outbox state; an 'error' was already shown as a toast and stays pending until the next change. */
export function saveStateText(status: Status, isLoggedIn: boolean): string | null {
  if (!isLoggedIn) return null;
  switch (status) {
    case 'saved':
      return SAVE_STATE.saved;
    case 'saving':
    case 'pending':
      return SAVE_STATE.saving;
    case 'offline':
      return SAVE_STATE.offline;
    default:
      return null;
  }
}

/**
 * The save state by the bottom bar, announced politely to screen readers ('All changes saved', 'Saving…',
 * the offline message), and a warning when this device cannot keep the answers.
 */
export function SaveStatus() {
  const status = useAppSelector((s) => s.sync.status);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const storageError = useAppSelector((s) => s.sync.storageError);
  const text = saveStateText(status, isLoggedIn);
  return (
    <>
      <p className="save-status" role="status" aria-live="polite" data-state={status}>
        {text}
      </p>
      {storageError && (
        <p className="save-status-warning" role="alert">
          {storageError}
        </p>
      )}
    </>
  );
}
