import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { Toasts } from '../../components/Toasts';
import { toastDismissed } from './notificationsSlice';
import { useT } from '../language';

/** The store's toasts in the toasts region. */
export function NotificationToasts() {
  const toasts = useAppSelector((s) => s.notifications.toasts);
  const dispatch = useAppDispatch();
  const t = useT();
  const onDismiss = useCallback((id: string) => dispatch(toastDismissed(id)), [dispatch]);
  // A toast's button (Undo) dispatches the intent it carries, then the toast goes.
  const onAction = useCallback(
    (id: string) => {
      const intent = toasts.find((t) => t.id === id)?.action?.intent;
      if (intent) dispatch(intent);
      dispatch(toastDismissed(id));
    },
    [dispatch, toasts],
  );
  return <Toasts toasts={toasts} onDismiss={onDismiss} onAction={onAction} translate={t} />;
}
