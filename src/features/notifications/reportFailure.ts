import type { Dispatch } from '@reduxjs/toolkit';
import { GENERIC_ERROR } from '../../kernel/messages';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import { dialogShown, toastShown } from './notificationsSlice';

const messageOf = (error: unknown) => (error as Partial<ApiError> | null)?.message || GENERIC_ERROR;

/**
 * A failed call, shown as an error toast titled `title` with the server's message (or the generic one). A 401 is
 * not shown: the session listener already sends the applicant to /login with the session message (SPEC §8).
 * Returns whether it was shown.
 */
export function reportFailure(dispatch: Dispatch, title: string, error: unknown): boolean {
  if (endedTheSession(error)) return false;
  dispatch(toastShown({ severity: 'error', title, message: messageOf(error) }));
  return true;
}

/** A failed load or submission, shown in the error dialog (SPEC §9); a 401 is not shown, as above. */
export function reportFailureInDialog(dispatch: Dispatch, error: unknown): void {
  if (endedTheSession(error)) return;
  dispatch(dialogShown({ message: messageOf(error) }));
}
