import type { Dispatch } from '@reduxjs/toolkit';
import { DEADLINE_PASSED_CODE, GENERIC_ERROR } from '../../kernel/messages';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import { dialogShown, toastShown } from './notificationsSlice';

/** What a failure says to the applicant: its message (the server's, a flow's), or the generic one (SPEC §8). */
export function failureMessage(error: unknown): string {
  const message = (error as Partial<ApiError> | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR;
}

/**
 * A failed call, shown as an error toast titled `title` with the server's message (or the generic one). A 401 is
 * not shown: the session listener already sends the applicant to /login with the session message (SPEC §8).
 * Returns whether it was shown.
 */
export function reportFailure(dispatch: Dispatch, title: string, error: unknown): boolean {
  if (endedTheSession(error)) return false;
  dispatch(toastShown({ severity: 'error', title, message: failureMessage(error) }));
  return true;
}

/**
 * A failed load or submission, shown in the error dialog (SPEC §9); a 401 is not shown, as above, nor a Submit
 * refused for the deadline: the form page shows the deadline's passed state instead (features/deadline).
 */
export function reportFailureInDialog(dispatch: Dispatch, error: unknown): void {
  if (endedTheSession(error) || (error as Partial<ApiError> | null)?.code === DEADLINE_PASSED_CODE) return;
  dispatch(dialogShown({ message: failureMessage(error) }));
}
