/**
 * SPEC §1 / §6: a visitor may open a saved public application (?token=…). appStarted loads its answers; this says
 * so in a success toast, or shows the server's message (an invalid or expired link) in an error toast.
 */
import { SUCCESS_TOAST_TITLE, GENERIC_ERROR } from '../../kernel/messages';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import type { ApiError } from '../../services/baseQuery';
import { toastShown } from '../notifications';

export const PUBLIC_LINK_LOADED_TITLE = SUCCESS_TOAST_TITLE;
export const PUBLIC_LINK_LOADED =
  'Your saved application was loaded. Create an account or log in to keep working on it.';
export const PUBLIC_LINK_ERROR_TITLE = 'Saved Application Error';

/** Carried out once even when registered twice (the store's registration and a test's). */
const handled = new WeakSet<object>();
const firstTime = (action: UnknownAction) => !handled.has(action) && Boolean(handled.add(action));

export function addPublicLinkListeners(startListening: AppStartListening) {
  startListening({
    predicate: (action) =>
      api.endpoints.getPublicAnswers.matchFulfilled(action) || api.endpoints.getPublicAnswers.matchRejected(action),
    effect: (action, { dispatch }) => {
      if (!firstTime(action)) return;
      if (api.endpoints.getPublicAnswers.matchFulfilled(action)) {
        dispatch(toastShown({ severity: 'success', title: PUBLIC_LINK_LOADED_TITLE, message: PUBLIC_LINK_LOADED }));
        return;
      }
      if (action.meta.condition) return;
      const message = (action.payload as ApiError | undefined)?.message || GENERIC_ERROR;
      dispatch(toastShown({ severity: 'error', title: PUBLIC_LINK_ERROR_TITLE, message }));
    },
  });
}
