import type { AppStartListening } from '../../app/store';
import { submitRequested } from '../../shared/events';
import { navigate } from '../../shared/navigation';
import { DEFAULT_ROUTE, PATHS } from '../../kernel/paths';
import { SUBMIT_SUCCESS } from '../../kernel/messages';
import { api } from '../../services/api';
import { validationErrorsChanged, flushAnswers } from '../answers';
import { dialogShown, reportFailureInDialog } from '../notifications';
import { loadValidationSchema } from '../form';
import { webStatusChanged } from './sessionSlice';

export const SUBMIT_NEEDS_SAVE =
  'Your latest answers could not be sent yet, so the application was not submitted. Your answers are kept on this device: please try again when you are back online.';

/**
 * Submit (SPEC §4): a visitor goes to /signup carrying the answers. A logged-in applicant who is started
 * becomes validating (local and posted); if every answer passes, the submit call is made, the status
 * becomes submitted (posted and local) and the applicant lands on /completion; otherwise they go to the
 * default route, still validating.
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
      if (session.web_status !== 'validating' && session.web_status !== 'submitted') {
        dispatch(webStatusChanged('validating'));
        void dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'validating' }));
      }
      // The whole application against the schema built from the form definition (SPEC §4/§5). Loaded on demand:
      // the definition belongs to the form pages' chunks, not the first download.
      const { validateAnswers } = await loadValidationSchema();
      const errors = validateAnswers(answers.values);
      const missing = Object.keys(errors);
      dispatch(validationErrorsChanged(errors));
      // Pending answers go first: the server checks what it has, not what this page shows.
      const saved = await flushAnswers(listenerApi);
      if (saved === 'unauthorized') return;
      if (saved !== 'saved' && missing.length === 0) {
        dispatch(dialogShown({ message: SUBMIT_NEEDS_SAVE }));
        return;
      }
      try {
        if (missing.length > 0) {
          await dispatch(api.endpoints.postValidations.initiate(errors)).unwrap();
          navigate(DEFAULT_ROUTE);
          return;
        }
        await dispatch(api.endpoints.submit.initiate()).unwrap();
        dispatch(webStatusChanged('submitted'));
        void dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'submitted' }));
        navigate(PATHS.completion, { state: { successMessage: SUBMIT_SUCCESS } });
      } catch (error) {
        reportFailureInDialog(dispatch, error);
      }
    },
  });
}
