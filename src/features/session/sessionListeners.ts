import type { AppStartListening } from '../../app/store';
import {
  appStarted,
  logoutRequested,
  pageVisited,
  startupLoadsSettled,
  userLoggedIn,
  userLoggedOut,
  sessionInvalidated,
} from '../../shared/events';
import { currentPath, navigate } from '../../shared/navigation';
import { DEFAULT_ROUTE, isFormPage, PATHS } from '../../kernel/paths';
import {
  ANSWERS_KEPT,
  ANSWERS_KEPT_TITLE,
  GENERIC_ERROR,
  INACTIVITY_LOGOUT,
  LAST_VISIT_REFUSED_TITLE,
  LAST_VISIT_SAVED,
  LAST_VISIT_SAVED_TITLE,
  SESSION_INVALID,
} from '../../kernel/messages';
import { api } from '../../services/api';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import {
  answersLoaded,
  mergeAnswers,
  flushAnswers,
  type FlushResult,
  pendingRestored,
  saveRefused,
  saveSucceeded,
  serverVersionSeen,
} from '../answers';
import { leaveAccount, storageReleased, switchToAccount, unsentAnswersDelivered, unsentOf } from '../persistence';
import { addAnotherLoaded } from '../addAnother';
import { tabsLoaded } from '../tabs';
import { dialogShown, reportFailureInDialog, toastShown } from '../notifications';
import { lastPageReported, profileLoaded, serviceModeEntered, webStatusChanged } from './sessionSlice';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/**
 * Loads the logged-in applicant's profile, add-another counts and tab choices into the store. Answers typed
 * here and not yet saved (as a visitor before logging in, or left on this device by a session that ended before
 * they were saved) win over the server's copy key by key, and are saved before anything else: nothing typed is
 * lost or sent twice. Answers from the last visit are announced once the server has them (or has refused them).
 */
async function loadAccount(listenerApi: ListenerApi) {
  const { dispatch, getState } = listenerApi;
  const profile = await dispatch(api.endpoints.getProfile.initiate(undefined, { forceRefetch: true })).unwrap();
  const lastVisit = switchToAccount(profile.username);
  const lastVisitKeys = Object.keys(lastVisit);
  if (lastVisitKeys.length > 0) {
    // Unsent beats acknowledged; among unsent answers, this tab's own (typed later) win.
    const { answers, sync } = getState();
    dispatch(answersLoaded({ ...answers.values, ...lastVisit, ...unsentOf(answers.values, sync.dirty) }));
    dispatch(pendingRestored(lastVisitKeys));
  }
  const { answers, sync } = getState();
  dispatch(answersLoaded(mergeAnswers(profile.answer, answers.values, sync.dirty)));
  dispatch(serverVersionSeen(profile.version ?? 0));
  dispatch(profileLoaded(profile));
  if (sync.dirty.length > 0) {
    const result = await flushAnswers(listenerApi);
    if (lastVisitKeys.length > 0)
      // Joined: a listener's forks end with it, and this one may wait for a retry of the save.
      listenerApi.fork(() => announceLastVisit(listenerApi, profile.username, result), { autoJoin: true });
  }
  const [counts, tabs] = await Promise.all([
    dispatch(api.endpoints.getAddAnother.initiate(undefined, { forceRefetch: true })).unwrap(),
    dispatch(api.endpoints.getTabs.initiate(undefined, { forceRefetch: true })).unwrap(),
  ]);
  dispatch(addAnotherLoaded(counts));
  dispatch(tabsLoaded(tabs));
  // SPEC §4: a logged-in user with no web status starts (locally and on the server).
  if (getState().session.web_status === null) {
    dispatch(webStatusChanged('started'));
    void dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'started' }));
  }
  return profile;
}

/**
 * Tells the applicant what became of the answers their last visit left on this device, once that is known: saved
 * now, saved by a later retry (no connection at login), or refused with the server's reason. Until then the
 * device keeps them; a session that ends again first keeps them for the next login.
 */
async function announceLastVisit(listenerApi: ListenerApi, username: string, first: FlushResult) {
  const { dispatch, getState, condition } = listenerApi;
  let result = first;
  while (result === 'deferred') {
    const settled = await condition(
      (action) => saveSucceeded.match(action) || saveRefused.match(action) || userLoggedOut.match(action),
    );
    if (!settled || !getState().session.is_logged_in) return;
    const { sync } = getState();
    if (sync.status === 'error') result = 'refused';
    else if (sync.status === 'saved' || sync.status === 'pending') result = 'saved';
  }
  if (result === 'unauthorized') return;
  unsentAnswersDelivered(username);
  if (result === 'saved') {
    dispatch(toastShown({ severity: 'success', title: LAST_VISIT_SAVED_TITLE, message: LAST_VISIT_SAVED }));
  } else {
    dispatch(
      toastShown({
        severity: 'error',
        title: LAST_VISIT_REFUSED_TITLE,
        message: getState().sync.error ?? GENERIC_ERROR,
      }),
    );
  }
}

export function addSessionListeners(startListening: AppStartListening) {
  // Start-up: a public link, the print view, or the returning applicant's saved work.
  startListening({
    actionCreator: appStarted,
    effect: async ({ payload }, listenerApi) => {
      const { dispatch, getState } = listenerApi;
      try {
        if (payload.serviceToken) {
          dispatch(serviceModeEntered());
          // Nothing held before (a visitor's answers on this device, another applicant's) may show to staff.
          dispatch(answersLoaded({}));
          dispatch(addAnotherLoaded({}));
          dispatch(tabsLoaded({}));
          const bundle = await dispatch(api.endpoints.getPrintViewBundle.initiate(payload.serviceToken)).unwrap();
          dispatch(answersLoaded(bundle.answer));
          dispatch(addAnotherLoaded(bundle.add_another));
          dispatch(tabsLoaded(bundle.tabs));
          return;
        }
        if (getState().session.is_logged_in) {
          const profile = await loadAccount(listenerApi);
          // Restore the stored last page once, if the applicant has not changed page yet (SPEC §2).
          const here = currentPath();
          const last = profile.last_page;
          if (last && last !== here && isFormPage(last) && isFormPage(here) && !getState().session.has_changed_page) {
            navigate(last, { replace: true });
          }
          return;
        }
        if (payload.token) {
          // A refused link is told in an error toast (printView/publicLinkListeners.ts), not the error dialog.
          const loaded = await dispatch(api.endpoints.getPublicAnswers.initiate(payload.token));
          if (loaded.data) dispatch(answersLoaded(loaded.data));
        }
      } catch (error) {
        reportFailureInDialog(listenerApi.dispatch, error);
      } finally {
        dispatch(startupLoadsSettled());
      }
    },
  });

  // After a successful login: load the account, then go to the stored last page (or the default route).
  startListening({
    actionCreator: userLoggedIn,
    effect: async (_action, listenerApi) => {
      try {
        const profile = await loadAccount(listenerApi);
        const target = profile.last_page && isFormPage(profile.last_page) ? profile.last_page : DEFAULT_ROUTE;
        navigate(target, { replace: true });
      } catch (error) {
        reportFailureInDialog(listenerApi.dispatch, error);
      }
    },
  });

  // SPEC §8: 401 → cache cleared, /login with the session message. Whatever was not saved stays on this device
  // (only that) for the next login.
  startListening({
    actionCreator: sessionInvalidated,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { session, answers, sync } = listenerApi.getState();
      leaveAccount(session.username, unsentOf(answers.values, sync.dirty));
      await navigate(PATHS.login, { replace: true, state: { errorMessage: SESSION_INVALID } });
      listenerApi.dispatch(api.util.resetApiState());
      listenerApi.dispatch(userLoggedOut());
      storageReleased();
    },
  });

  // Logout first sends pending answers, then clears cached data and goes to /login; a failure shows in the
  // error dialog. Answers that could not be sent stay on this device for the next login, and the applicant is told.
  startListening({
    actionCreator: logoutRequested,
    effect: async ({ payload }, listenerApi) => {
      const { dispatch, getState } = listenerApi;
      const username = getState().session.username;
      // 'unauthorized': the session had already ended on the server; the 401 listener ends it here too.
      if ((await flushAnswers(listenerApi)) === 'unauthorized') return;
      try {
        await dispatch(api.endpoints.logout.initiate()).unwrap();
      } catch (error) {
        // 401: already logged out on the server (another tab's idle logout, say): finish the logout here.
        if (!endedTheSession(error) && payload.reason === 'user') {
          dispatch(dialogShown({ message: (error as ApiError).message }));
          return;
        }
        // An inactivity logout still clears this device (a shared computer must not keep the session).
      }
      const unsent = unsentOf(getState().answers.values, getState().sync.dirty);
      leaveAccount(username, unsent);
      // Navigate first, and clear once there: logged out on /completion, the route guards would send the
      // applicant to /about instead.
      await navigate(PATHS.login, {
        replace: true,
        state: payload.reason === 'inactivity' ? { errorMessage: INACTIVITY_LOGOUT } : undefined,
      });
      dispatch(api.util.resetApiState());
      dispatch(userLoggedOut());
      storageReleased();
      if (Object.keys(unsent).length > 0) {
        dispatch(toastShown({ severity: 'error', title: ANSWERS_KEPT_TITLE, message: ANSWERS_KEPT }));
      }
    },
  });

  // While started or validating, each page visit reports the current path as the last page.
  startListening({
    actionCreator: pageVisited,
    effect: async ({ payload: path }, { dispatch, getState }) => {
      const { is_logged_in, web_status, last_page } = getState().session;
      if (!is_logged_in || !isFormPage(path) || (web_status !== 'started' && web_status !== 'validating')) return;
      if (path === last_page) return;
      dispatch(lastPageReported(path));
      await dispatch(api.endpoints.putLastPage.initiate({ last_page: path }));
    },
  });
}
