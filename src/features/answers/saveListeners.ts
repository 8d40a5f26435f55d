import type { AppStartListening } from '../../app/store';
import { navigationRequested, pageChanged } from '../../shared/events';
import { navigate } from '../../shared/navigation';
import { selectValidating } from '../../shared/validating';
import { PATHS } from '../../kernel/paths';
import { api } from '../../services/api';
import { hasAnyAnswer } from './answersSlice';
import { flushAnswers } from './outbox';

/**
 * Save-on-navigate (SPEC §2): a logged-in applicant's answers (and, while validating, the validation
 * errors) are sent before moving. A visitor who has typed anything is sent to /signup instead, carrying
 * the answers. A failed save never blocks moving: the outbox keeps the answers and retries, and the save
 * state by the bottom bar says so.
 */
export function addSaveListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: navigationRequested,
    effect: async ({ payload }, listenerApi) => {
      const { dispatch, getState } = listenerApi;
      const state = getState();
      const { session, answers } = state;
      if (!session.is_logged_in) {
        if (hasAnyAnswer(answers.values)) {
          navigate(PATHS.signup, { state: { studentAnswers: answers.values } });
        } else {
          navigate(payload.to);
        }
        return;
      }
      const validations =
        selectValidating(state) && Object.keys(answers.errors).length > 0
          ? dispatch(api.endpoints.postValidations.initiate(answers.errors))
          : null;
      const result = await flushAnswers(listenerApi);
      await validations;
      if (result === 'unauthorized') return; // redirected to /login
      if (payload.via === 'pageButton' && !getState().session.has_changed_page) dispatch(pageChanged());
      navigate(payload.to);
    },
  });
}
