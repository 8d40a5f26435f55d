import type { AppStartListening } from '../../app/store';
import { connectionRestored } from '../../shared/events';
import { navigate } from '../../shared/navigation';
import { DEFAULT_ROUTE, PATHS } from '../../kernel/paths';
import { SUBMIT_SUCCESS } from '../../kernel/messages';
import { SUBMIT_RETRY_DELAYS_MS, SUBMIT_UNCONFIRMED } from '../../kernel/submit';
import { MAINTENANCE_MESSAGE } from '../../kernel/serviceStatus/messages';
import { MAINTENANCE_CODE } from '../../kernel/serviceStatus/rules';
import { api } from '../../services/api';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import { validationErrorsChanged, flushAnswers } from '../answers';
import { dialogShown, reportFailureInDialog } from '../notifications';
import { loadValidationSchema } from '../form';
import { submitRetrying, webStatusChanged } from './sessionSlice';

export type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

export const SUBMIT_NEEDS_SAVE =
  'Your latest answers could not be sent yet, so the application was not submitted. Your answers are kept on this device: please try again when you are back online.';

/**
 * A call whose answer did not arrive (no connection, the submit's time limit) or that a gateway or an overloaded
 * server turned away before the work (502, 503, 504): the submit may or may not have arrived, and sending it again
 * is safe (the server answers a repeat as it did the first).
 */
const isLost = (error: ApiError) => typeof error.status !== 'number' || [502, 503, 504].includes(error.status);

/** The wait before retry n (1-based), or null once every retry was used. */
const retryDelay = (retry: number): number | null => SUBMIT_RETRY_DELAYS_MS[retry - 1] ?? null;

/** Waits `ms`, or less when the browser comes back online meanwhile. */
const waitToRetry = (listenerApi: ListenerApi, ms: number) =>
  listenerApi.condition((action) => connectionRestored.match(action), ms);

/** How one try of the submit ended. */
type Outcome = 'submitted' | 'lost' | 'handled';

/**
 * One try: the pending answers first (the server checks what it has, not what this page shows), then the submit
 * call. 'lost': no answer came back, to the save or to the submit (try again); 'handled': the applicant has been
 * told or moved on (a refusal shown, or the 401's way to /login).
 */
async function trySubmit(listenerApi: ListenerApi, lastTry: boolean): Promise<Outcome> {
  const { dispatch, getState } = listenerApi;
  const saved = await flushAnswers(listenerApi);
  if (saved === 'unauthorized') return 'handled';
  // Maintenance holds the answers (and would refuse the submit): say so, not "back online".
  if (getState().sync.status === 'held') {
    dispatch(dialogShown({ message: MAINTENANCE_MESSAGE }));
    return 'handled';
  }
  if (saved === 'deferred' && !lastTry) return 'lost';
  if (saved !== 'saved') {
    dispatch(dialogShown({ message: SUBMIT_NEEDS_SAVE }));
    return 'handled';
  }
  try {
    await dispatch(api.endpoints.submit.initiate()).unwrap();
    return 'submitted';
  } catch (caught) {
    const error = caught as ApiError;
    if (endedTheSession(error)) return 'handled';
    // A server from before submit was safe to repeat says 409 AlreadySubmitted: submitted all the same.
    if (error.status === 409 && error.code === 'AlreadySubmitted') return 'submitted';
    // Refused by maintenance, not lost: nothing arrived, and trying again now would be refused the same way.
    if (error.code === MAINTENANCE_CODE) {
      dispatch(dialogShown({ message: MAINTENANCE_MESSAGE }));
      return 'handled';
    }
    if (isLost(error)) {
      if (!lastTry) return 'lost';
      dispatch(dialogShown({ message: SUBMIT_UNCONFIRMED }));
      return 'handled';
    }
    reportFailureInDialog(dispatch, error);
    return 'handled';
  }
}

/**
 * The Submit of a logged-in applicant (SPEC §4), once submitListeners.ts has marked it at work: one who is started
 * becomes validating (local and posted); if every answer passes, the submit call is made, the status becomes
 * submitted (posted and local) and the applicant lands on /completion; otherwise they go to the default route, still
 * validating.
 *
 * Beyond SPEC: a submit whose answer was lost (and a save before it that got none) is sent again with back-off
 * (SUBMIT_RETRY_DELAYS_MS, sooner when the browser is back online) while the page says it is still submitting,
 * until it lands on /completion. The server answers a repeat as the first (a second tab, a double press, the phone
 * that never heard back), so a retry can never submit twice.
 */
export async function submitApplication(listenerApi: ListenerApi) {
  const { dispatch, getState } = listenerApi;
  const { session, answers } = getState();
  if (session.web_status !== 'validating' && session.web_status !== 'submitted') {
    dispatch(webStatusChanged('validating'));
    void dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'validating' }));
  }
  // The whole application against the schema built from the form definition (SPEC §4/§5).
  const { validateAnswers } = await loadValidationSchema();
  const errors = validateAnswers(answers.values);
  dispatch(validationErrorsChanged(errors));
  if (Object.keys(errors).length > 0) {
    const saved = await flushAnswers(listenerApi);
    if (saved === 'unauthorized') return;
    try {
      await dispatch(api.endpoints.postValidations.initiate(errors)).unwrap();
      navigate(DEFAULT_ROUTE);
    } catch (error) {
      reportFailureInDialog(dispatch, error);
    }
    return;
  }
  for (let retry = 1; ; retry += 1) {
    const delay = retryDelay(retry);
    const outcome = await trySubmit(listenerApi, delay === null);
    if (outcome === 'handled') return;
    if (outcome === 'submitted') break;
    dispatch(submitRetrying());
    await waitToRetry(listenerApi, delay!);
  }
  dispatch(webStatusChanged('submitted'));
  void dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'submitted' }));
  navigate(PATHS.completion, { state: { successMessage: SUBMIT_SUCCESS } });
}
