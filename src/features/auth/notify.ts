import type { AppDispatch } from '../../app/store';
import { CARD_ERRORS, GENERIC_ERROR, SUCCESS_TOAST_TITLE } from '../../kernel/messages';
import type { ApiError } from '../../services/baseQuery';
import { errorToastsCleared, toastShown } from '../notifications';

export { SUCCESS_TOAST_TITLE };

export type CardName = keyof typeof CARD_ERRORS;

/** What a failed mutation's unwrap() threw, as the error catalogue's ApiError (SPEC §8). */
export function asApiError(error: unknown): ApiError {
  if (typeof error === 'object' && error !== null && typeof (error as ApiError).message === 'string') {
    const { status, message, code } = error as ApiError;
    return { status: status ?? 'UNKNOWN', message: message || GENERIC_ERROR, ...(code ? { code } : {}) };
  }
  return { status: 'UNKNOWN', message: GENERIC_ERROR };
}

/** An auth card's server error: an error toast titled by the card (never the error boundary). */
export function showCardError(dispatch: AppDispatch, card: CardName, error: ApiError) {
  dispatch(toastShown({ severity: 'error', title: CARD_ERRORS[card], message: error.message }));
}

/** A success message from the server or from navigation state: the 'Success Notification' toast. */
export function showSuccess(dispatch: AppDispatch, message: string) {
  dispatch(toastShown({ severity: 'success', title: SUCCESS_TOAST_TITLE, message }));
}

/** The card succeeded: its earlier error toast (shown 300 s) goes. */
export function clearCardError(dispatch: AppDispatch, card: CardName) {
  dispatch(errorToastsCleared(CARD_ERRORS[card]));
}
