import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Dialog } from '../../components/Dialog';
import { dialogClosed } from './notificationsSlice';

/**
 * The store's error dialog (notifications.dialog), titled by the dialog (default 'Error'). For a service user,
 * whose print view has no modals (SPEC §1), the same message shows inline instead (`inline`).
 */
export function ErrorDialog({ inline = false }: { inline?: boolean }) {
  const dialog = useAppSelector((s) => s.notifications.dialog);
  const dispatch = useAppDispatch();
  const close = () => dispatch(dialogClosed());
  // Keep the last dialog's text while the modal animates closed.
  const [last, setLast] = useState(dialog);
  if (dialog && dialog !== last) setLast(dialog);
  const shown = dialog ?? last;
  if (inline) {
    return dialog ? (
      <div role="alert">
        <p>
          <strong>{dialog.title}:</strong> {dialog.message}
        </p>
      </div>
    ) : null;
  }
  return (
    <Dialog
      open={dialog !== null}
      title={shown?.title}
      onCancel={close}
      actions={[{ label: 'OK', onClick: close, primary: true }]}
    >
      <p>{shown?.message}</p>
    </Dialog>
  );
}
