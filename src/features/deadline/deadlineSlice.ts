import type { UnknownAction } from '@reduxjs/toolkit';
import { DEADLINE_PASSED_CODE } from '../../kernel/messages';
import { userLoggedIn } from '../../shared/events';

/**
 * DEADLINE_PASSED_CODE once Submit is closed for this applicant, null while it is open: a code, never words (the
 * kernel has them).
 */
export type DeadlineState = typeof DEADLINE_PASSED_CODE | null;

/**
 * The deadline's state, written small (no createSlice, no action of its own): it is in every first download, which
 * has almost no room left (scripts/bundle-budget.json); the countdown, its clock and its words are in the deadline's
 * chunk. Whatever carries the deadline's code closes Submit: the server's refusal of a Submit (POST /api/submit's
 * 403, the one answer with that code) and the countdown's own action when the deadline, or this applicant's
 * reopening, passes by this page's clock (DeadlineStatus.tsx). A login opens it again: the new account's reopening
 * is asked for afresh.
 */
export function deadlineReducer(state: DeadlineState = null, action: UnknownAction): DeadlineState {
  if ((action.payload as { code?: unknown } | undefined)?.code === DEADLINE_PASSED_CODE) return DEADLINE_PASSED_CODE;
  return userLoggedIn.match(action) ? null : state;
}
