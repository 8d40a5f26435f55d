import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DEFAULT_MS, TOAST_ERROR_MS } from '../../kernel/constants';
import { DEFAULT_MODAL_TITLE } from '../../kernel/messages';

export type ToastSeverity = 'success' | 'error';

export interface Toast {
  id: string;
  severity: ToastSeverity;
  /** The toast's accessible name and heading, e.g. 'Login Card Error' or 'Success Notification'. */
  title: string;
  message: string;
  durationMs: number;
  /** A button in the toast (e.g. Undo) that dispatches this intent: a plain action, so the toast stays serializable. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  intent: { type: string; payload?: unknown };
}

export interface Dialog {
  title: string;
  message: string;
}

export interface NotificationsState {
  toasts: Toast[];
  dialog: Dialog | null;
}

const initialState: NotificationsState = { toasts: [], dialog: null };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toasts.push(action.payload);
      },
      // The id and the duration are decided here, so the action stays serializable and replayable.
      prepare(toast: {
        severity: ToastSeverity;
        title: string;
        message: string;
        durationMs?: number;
        action?: ToastAction;
      }) {
        const durationMs = toast.durationMs ?? (toast.severity === 'error' ? TOAST_ERROR_MS : TOAST_DEFAULT_MS);
        return { payload: { ...toast, durationMs, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
    /** The error toasts with this title go (a card that failed has now succeeded: its error is over). */
    errorToastsCleared(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => !(t.severity === 'error' && t.title === action.payload));
    },
    dialogShown(state, action: PayloadAction<{ title?: string; message: string }>) {
      state.dialog = { title: action.payload.title ?? DEFAULT_MODAL_TITLE, message: action.payload.message };
    },
    dialogClosed(state) {
      state.dialog = null;
    },
  },
});

export const { toastShown, toastDismissed, errorToastsCleared, dialogShown, dialogClosed } = notificationsSlice.actions;
export default notificationsSlice.reducer;
