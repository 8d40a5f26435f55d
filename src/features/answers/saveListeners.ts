import type { AppStartListening } from '../../app/store';
import { navigationRequested } from '../../app/events';
import { navigate } from '../../app/navigation';
import { PATHS } from '../../config/paths';
import { api } from '../../services/api';
import type { ApiError } from '../../services/baseQuery';
import { toastShown } from '../notifications/notificationsSlice';
import { pageChanged } from '../session/sessionSlice';
import { hasAnyAnswer } from './answersSlice';

export const SAVE_FAILED_TITLE = 'Your answers were not saved';

/**
 * Save-on-navigate (SPEC §2): a logged-in applicant's answers (and, while validating, the validation
 * errors) are sent before moving. A visitor who has typed anything is sent to /signup instead, carrying
 * the answers. A failed save never blocks moving: the answers stay in the store and the applicant is told.
 */
export function addSaveListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: navigationRequested,
    effect: async ({ payload }, { dispatch, getState }) => {
      const { session, answers } = getState();
      if (!session.is_logged_in) {
        if (hasAnyAnswer(answers.values)) {
          navigate(PATHS.signup, { state: { studentAnswers: answers.values } });
        } else {
          navigate(payload.to);
        }
        return;
      }
      const saves: Promise<unknown>[] = [dispatch(api.endpoints.putAnswer.initiate(answers.values)).unwrap()];
      if (session.web_status === 'validating' && Object.keys(answers.errors).length > 0) {
        saves.push(dispatch(api.endpoints.postValidations.initiate(answers.errors)).unwrap());
      }
      const results = await Promise.allSettled(saves);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed && (failed.reason as ApiError).status === 401) return; // redirected to /login
      if (failed) {
        dispatch(
          toastShown({ severity: 'error', title: SAVE_FAILED_TITLE, message: (failed.reason as ApiError).message }),
        );
      }
      if (payload.via === 'pageButton' && !getState().session.has_changed_page) dispatch(pageChanged());
      navigate(payload.to);
    },
  });
}
