import type { StudentAnswers } from '../answers';

/**
 * What may travel in the history entry's state between the account pages (SPEC §2): the username for the
 * confirm page, one-off messages (shown once as toasts) and the visitor's answers (carried along).
 */
export interface AuthNavigationState {
  username?: string;
  studentAnswers?: StudentAnswers;
  successMessage?: string;
  errorMessage?: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOrUndefined = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Reads location.state defensively: anything can be in history (another tab, an older version of the app). */
export function readAuthState(state: unknown): AuthNavigationState {
  if (!isPlainObject(state)) return {};
  const result: AuthNavigationState = {};
  const username = stringOrUndefined(state.username);
  const successMessage = stringOrUndefined(state.successMessage);
  const errorMessage = stringOrUndefined(state.errorMessage);
  if (username) result.username = username;
  if (successMessage) result.successMessage = successMessage;
  if (errorMessage) result.errorMessage = errorMessage;
  if (isPlainObject(state.studentAnswers)) result.studentAnswers = state.studentAnswers as StudentAnswers;
  return result;
}

/** The state a link or a navigation to the next account page carries: the answers, plus what is given. */
export function carriedState(
  from: AuthNavigationState,
  extra: Omit<AuthNavigationState, 'studentAnswers'> = {},
): AuthNavigationState {
  return { ...(from.studentAnswers ? { studentAnswers: from.studentAnswers } : {}), ...extra };
}
