import type { AppStartListening } from '../../app/store';
import { submitRequested } from '../../shared/events';
import { navigate } from '../../shared/navigation';
import { PATHS } from '../../kernel/paths';
import { GENERIC_ERROR } from '../../kernel/messages';
import { dialogShown } from '../notifications';
import { submitEnded, submitStarted } from './sessionSlice';

/**
 * The flow itself (submitFlow.ts) is not part of the first download. It shares the validation's chunk, which it
 * needs anyway and which the check page (where Submit is) loads when it shows: a press never waits for a download.
 */
const loadSubmitFlow = () => import(/* webpackChunkName: "form-validation" */ './submitFlow');

/**
 * Submit (SPEC §4): a visitor goes to /signup carrying the answers; a logged-in applicant's Submit is carried out by
 * submitFlow.ts. One at a time: `session.submit` marks it at work from the press to its end, so a press meanwhile (a
 * double click, an impatient tap) does nothing more, and the button says it is working.
 */
export function addSubmitListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: submitRequested,
    effect: async (_action, listenerApi) => {
      const { dispatch, getState } = listenerApi;
      const { session, answers } = getState();
      if (!session.is_logged_in) {
        navigate(PATHS.signup, { state: { studentAnswers: answers.values } });
        return;
      }
      // Marked before the first await: a second press in the same moment finds it at work.
      if (session.submit !== 'idle') return;
      dispatch(submitStarted());
      try {
        const { submitApplication } = await loadSubmitFlow();
        await submitApplication(listenerApi);
      } catch {
        // Its code could not be downloaded (the connection dropped): nothing was sent. (The flow reports its own.)
        dispatch(dialogShown({ message: GENERIC_ERROR }));
      } finally {
        dispatch(submitEnded());
      }
    },
  });
}
