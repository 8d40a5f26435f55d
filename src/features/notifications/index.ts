/** Toasts, the error dialog, and reportFailure (a failed call's message, unless it was a 401). */
export { default as notificationsReducer, dialogShown, errorToastsCleared, toastShown } from './notificationsSlice';
export { failureMessage, reportFailure, reportFailureInDialog } from './reportFailure';
export { NotificationToasts } from './NotificationToasts';
export { ErrorDialog } from './ErrorDialog';
