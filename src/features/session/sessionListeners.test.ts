import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { appStarted, logoutRequested, pageVisited, userLoggedIn } from '../../shared/events';
import { INACTIVITY_LOGOUT } from '../../kernel/messages';
import { answerChanged } from '../answers/answersSlice';
import { initialSessionState } from './sessionSlice';

const profile = (extra: object = {}) => ({
  username: 'ada@example.com',
  last_page: null,
  successful_login: ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
  web_status: [],
  answer: { first_name: 'Ada' },
  document_answer: {},
  ...extra,
});

const accountRoutes = (p: object = profile()) => ({
  'GET /api/profile': p,
  'GET /api/add-another': { activity: 2 },
  'GET /api/tabs': { personal_statement: 'essay' },
  'POST /api/web-status': { message: 'ok' },
  'PUT /api/answer': { message: 'saved', version: 1 },
  'PUT /api/last-page': { message: 'ok' },
});

describe('after login', () => {
  it('loads the account, starts a null web status (local and posted) and goes to the default route', async () => {
    const calls = recordRequests(accountRoutes());
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: 'ada@example.com' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/about', { replace: true }));
    const state = store.getState();
    expect(state.session).toMatchObject({
      username: 'ada@example.com',
      num_logins: 2,
      web_status: 'started',
      is_logged_in: true,
    });
    expect(state.answers.values).toEqual({ first_name: 'Ada' });
    expect(state.addAnother.counts).toEqual({ activity: 2 });
    expect(state.tabs.chosen).toEqual({ personal_statement: 'essay' });
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: '/api/web-status', body: { web_status: 'started' } }),
    );
  });

  it('goes to the stored last page', async () => {
    recordRequests(accountRoutes(profile({ last_page: '/education', web_status: [{ web_status: 'started' }] })));
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: 'ada@example.com' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', { replace: true }));
  });

  it('carries what a visitor typed into the account, saved once; the server keeps every other key', async () => {
    const calls = recordRequests(accountRoutes(profile({ web_status: [{ web_status: 'started' }] })));
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(answerChanged({ key: 'first_name', value: 'Visitor' }));
    store.dispatch(answerChanged({ key: 'city', value: 'Albany' }));
    store.dispatch(userLoggedIn({ username: 'ada@example.com' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(store.getState().answers.values).toEqual({ first_name: 'Visitor', city: 'Albany' });
    expect(calls.filter((c) => c.path === '/api/answer')).toEqual([
      { method: 'PUT', path: '/api/answer', body: { first_name: 'Visitor', city: 'Albany' } },
    ]);
    expect(store.getState().sync).toMatchObject({ dirty: [], status: 'saved' });
  });
});

describe('at start-up', () => {
  it('restores the last page for a returning applicant who has not changed page', async () => {
    recordRequests(accountRoutes(profile({ last_page: '/final-steps', web_status: [{ web_status: 'started' }] })));
    const { store, navigate, waitFor } = listenerHarness(
      { session: { ...initialSessionState, is_logged_in: true } },
      '/about',
    );
    store.dispatch(appStarted({}));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/final-steps', { replace: true }));
  });

  it('shows a load failure other than 401 in the error dialog', async () => {
    server.use(http.get('*/api/profile', () => HttpResponse.json({ message: 'Database is down.' }, { status: 503 })));
    const { store, waitFor } = listenerHarness({ session: { ...initialSessionState, is_logged_in: true } });
    store.dispatch(appStarted({}));
    await waitFor(() =>
      expect(store.getState().notifications.dialog).toEqual({ title: 'Error', message: 'Database is down.' }),
    );
  });
});

describe('logout', () => {
  it('clears cached data and local state and goes to /login', async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'bye' } });
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Ada' }));
    store.dispatch(logoutRequested({ reason: 'user' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: undefined }));
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
    expect(store.getState().session.is_logged_in).toBe(false);
    expect(store.getState().answers.values).toEqual({});
  });

  it('shows a failed logout in the error dialog and stays', async () => {
    server.use(
      http.get('*/api/logout', () => HttpResponse.json({ message: 'Logout failed, try again.' }, { status: 500 })),
    );
    const { store, navigate, waitFor } = listenerHarness(loggedInState());
    store.dispatch(logoutRequested({ reason: 'user' }));
    await waitFor(() => expect(store.getState().notifications.dialog?.message).toBe('Logout failed, try again.'));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().session.is_logged_in).toBe(true);
  });

  it('an inactivity logout says why, and clears this device even when the server cannot be reached', async () => {
    server.use(http.get('*/api/logout', () => HttpResponse.error()));
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Ada' }));
    store.dispatch(logoutRequested({ reason: 'inactivity' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { errorMessage: INACTIVITY_LOGOUT } }),
    );
    expect(store.getState().answers.values).toEqual({});
  });
});

describe('last page reporting', () => {
  it.each([
    ['started', true],
    ['validating', true],
    ['submitted', false],
    [null, false],
  ] as const)('while %s: reported = %s', async (status, reported) => {
    const calls = recordRequests({ 'PUT /api/last-page': { message: 'ok' } });
    const { store } = listenerHarness(loggedInState({ web_status: status }));
    store.dispatch(pageVisited('/education'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual(
      reported ? [{ method: 'PUT', path: '/api/last-page', body: { last_page: '/education' } }] : [],
    );
  });

  it('is not reported for a visitor or for non-form pages', async () => {
    const calls = recordRequests({ 'PUT /api/last-page': { message: 'ok' } });
    listenerHarness({ session: { ...initialSessionState, web_status: 'started' } }).store.dispatch(
      pageVisited('/education'),
    );
    listenerHarness(loggedInState()).store.dispatch(pageVisited('/login'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});

describe('logout in several tabs', () => {
  it('a 401 to the logout call (another tab logged out first) still ends with the inactivity message', async () => {
    server.use(http.get('*/api/logout', () => HttpResponse.json({ message: 'gone' }, { status: 401 })));
    const { store, navigate, waitFor } = listenerHarness(loggedInState());
    store.dispatch(logoutRequested({ reason: 'inactivity' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { errorMessage: INACTIVITY_LOGOUT } }),
    );
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(store.getState().session.is_logged_in).toBe(false);
  });
});
