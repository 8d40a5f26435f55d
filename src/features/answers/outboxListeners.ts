import type { AppStartListening } from '../../app/store';
import { connectionRestored } from '../../shared/events';
import { AUTOSAVE_DELAY_MS, SAVE_RETRY_DELAYS_MS } from '../../kernel/constants';
import { MAINTENANCE_RETRY_MS } from '../../kernel/serviceStatus/rules';
import { toastShown } from '../notifications';
import { answerChanged, answersCleared } from './answersSlice';
import { flushAnswers } from './outbox';
import { saveDeferred, saveRefused } from './syncSlice';

export const SAVE_REFUSED_TITLE = 'Your answers were not saved';

/** The wait before retry n (1-based): 2 s, 4 s, 8 s … at most a minute. */
export const retryDelay = (attempt: number) =>
  SAVE_RETRY_DELAYS_MS[Math.min(attempt, SAVE_RETRY_DELAYS_MS.length) - 1] ?? SAVE_RETRY_DELAYS_MS[0];

/**
 * The save outbox: a logged-in applicant's answers are saved a few seconds after typing stops; a save that
 * failed for network reasons or a 5xx is retried with back-off and as soon as the browser is back online;
 * a refused save (4xx) is shown, not retried until the next change. A save refused by maintenance mode is held:
 * changes typed meanwhile are not sent on their own, one try goes every MAINTENANCE_RETRY_MS, and they all go as
 * soon as the page learns that the maintenance is over (connectionRestored, from the service status).
 */
export function addOutboxListeners(startListening: AppStartListening) {
  startListening({
    predicate: (action, state) =>
      (answerChanged.match(action) || answersCleared.match(action)) && state.session.is_logged_in,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners(); // debounce: only the last change in a burst saves
      await listenerApi.delay(AUTOSAVE_DELAY_MS);
      if (listenerApi.getState().sync.status !== 'held') await flushAnswers(listenerApi);
    },
  });

  startListening({
    actionCreator: saveDeferred,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { attempts } = listenerApi.getState().sync;
      await listenerApi.delay(payload === 'held' ? MAINTENANCE_RETRY_MS : retryDelay(attempts));
      if (listenerApi.getState().sync.status !== 'saving') await flushAnswers(listenerApi);
    },
  });

  startListening({
    actionCreator: connectionRestored,
    effect: async (_action, listenerApi) => {
      await flushAnswers(listenerApi);
    },
  });

  startListening({
    actionCreator: saveRefused,
    effect: (action, { dispatch }) => {
      dispatch(toastShown({ severity: 'error', title: SAVE_REFUSED_TITLE, message: action.payload }));
    },
  });
}
