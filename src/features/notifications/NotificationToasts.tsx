import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Toasts } from '../../components/Toasts';
import { toastDismissed } from './notificationsSlice';

/** The store's toasts in the toasts region. */
export function NotificationToasts() {
  const toasts = useAppSelector((s) => s.notifications.toasts);
  const dispatch = useAppDispatch();
  const onDismiss = useCallback((id: string) => dispatch(toastDismissed(id)), [dispatch]);
  return <Toasts toasts={toasts} onDismiss={onDismiss} />;
}
