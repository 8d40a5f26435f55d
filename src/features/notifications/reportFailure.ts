import type { Dispatch } from '@reduxjs/toolkit';
import { GENERIC_ERROR } from '../../kernel/messages';
import type { ApiError } from '../../services/baseQuery';
import { toastShown } from './notificationsSlice';

/**
 * A failed call, shown as an error toast titled `title` with the server's message (or the generic one). A 401 is
 * not shown: the session listener already sends the applicant to /login with the session message (SPEC §8).
 * Returns whether it was shown.
 */
export function reportFailure(dispatch: Dispatch, title: string, error: unknown): boolean {
  const { status, message } = (error ?? {}) as Partial<ApiError>;
  if (status === 401) return false;
  dispatch(toastShown({ severity: 'error', title, message: message || GENERIC_ERROR }));
  return true;
}
