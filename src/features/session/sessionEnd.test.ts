import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { logoutRequested, navigationRequested, userLoggedIn } from '../../shared/events';
import {
  ANSWERS_KEPT_TITLE,
  LAST_VISIT_REFUSED_TITLE,
  LAST_VISIT_SAVED,
  LAST_VISIT_SAVED_TITLE,
  SESSION_INVALID,
} from '../../kernel/messages';
import { answerChanged } from '../answers/answersSlice';
import { setStorageAccount, VISITOR } from '../persistence/accountStorage';
import { switchToAccount } from '../persistence/accountSwitch';
import { readUnsent } from '../persistence/unsentAnswers';

/**
 * Every way a session ends keeps what was typed and not acknowledged, and the next login of that account on this
 * device sends it first and says so (the listener paths; e2e/sessionEnd.spec.ts drives them in a browser).
 */
const ADA = 'ada@example.com';
const profile = (username = ADA, answer: object = { last_name: 'Lovelace' }) => ({
  username,
  last_page: '/about',
  successful_login: ['2026-01-01T00:00:00Z'],
  web_status: [{ web_status: 'started' }],
  answer,
  document_answer: {},
  version: 4,
});
const accountRoutes = (username = ADA) => ({
  'GET /api/profile': profile(username),
  'GET /api/add-another': {},
  'GET /api/tabs': {},
  'PUT /api/answer': { message: 'saved', version: 5 },
});
const toastTitles = (store: ReturnType<typeof listenerHarness>['store']) =>
  store.getState().notifications.toasts.map((t) => t.title);

beforeEach(() => {
  localStorage.clear();
  setStorageAccount(VISITOR);
});

/** A logged-in tab of Ada's whose storage is hers, with `first_name` typed and not yet saved. */
function adaTyping() {
  switchToAccount(ADA);
  const harness = listenerHarness(loggedInState({}, { last_name: 'Lovelace' }));
  harness.store.dispatch(answerChanged({ key: 'first_name', value: 'Ada' }));
  return harness;
}

describe('a session that ends keeps the unsent answers for the next login', () => {
  it('401 to a save: to /login with the message; only the unsent answer stays on the device', async () => {
    server.use(http.put('*/api/answer', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    const { store, navigate, waitFor } = adaTyping();
    store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { errorMessage: SESSION_INVALID } }),
    );
    await waitFor(() => expect(store.getState().session.is_logged_in).toBe(false));
    expect(readUnsent(ADA)).toEqual({ first_name: 'Ada' });
    expect(store.getState().answers.values).toEqual({});
  });

  it('logout whose save cannot get through (no connection): kept, and the applicant told', async () => {
    server.use(http.put('*/api/answer', () => HttpResponse.error()));
    recordRequests({ 'GET /api/logout': { message: 'bye' } });
    const { store, navigate, waitFor } = adaTyping();
    store.dispatch(logoutRequested({ reason: 'inactivity' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', expect.anything()));
    await waitFor(() => expect(toastTitles(store)).toContain(ANSWERS_KEPT_TITLE));
    expect(readUnsent(ADA)).toEqual({ first_name: 'Ada' });
  });

  it('logout whose save goes through leaves nothing of the account on the device', async () => {
    recordRequests({ 'GET /api/logout': { message: 'bye' }, 'PUT /api/answer': { message: 'ok', version: 2 } });
    const { store, navigate, waitFor } = adaTyping();
    store.dispatch(logoutRequested({ reason: 'user' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', expect.anything()));
    expect(Object.keys(localStorage).filter((k) => k.includes('ada'))).toEqual([]);
    expect(toastTitles(store)).not.toContain(ANSWERS_KEPT_TITLE);
  });
});

describe('the next login', () => {
  async function sessionEndedWithUnsentAnswer() {
    server.use(http.put('*/api/answer', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    const first = adaTyping();
    first.store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await first.waitFor(() => expect(first.store.getState().session.is_logged_in).toBe(false));
    server.resetHandlers();
  }

  it('sends them before anything else is saved, merged over the server copy, then says so', async () => {
    await sessionEndedWithUnsentAnswer();
    const calls = recordRequests({ ...accountRoutes(), 'POST /api/web-status': { message: 'ok' } });
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: ADA }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/about', { replace: true }));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/answer',
      body: { last_name: 'Lovelace', first_name: 'Ada' },
    });
    const toast = store.getState().notifications.toasts.find((t) => t.title === LAST_VISIT_SAVED_TITLE);
    expect(toast).toMatchObject({ severity: 'success', message: LAST_VISIT_SAVED });
    expect(readUnsent(ADA)).toEqual({});
  });

  it('a refusal is told with the server’s reason', async () => {
    await sessionEndedWithUnsentAnswer();
    recordRequests({
      ...accountRoutes(),
      'PUT /api/answer': () =>
        HttpResponse.json({ message: 'Your application was submitted and can no longer change.' }, { status: 403 }),
    });
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: ADA }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    await waitFor(() =>
      expect(store.getState().notifications.toasts).toContainEqual(
        expect.objectContaining({
          severity: 'error',
          title: LAST_VISIT_REFUSED_TITLE,
          message: 'Your application was submitted and can no longer change.',
        }),
      ),
    );
  });

  it('no connection at login: kept until a retry saves them, and told then', async () => {
    await sessionEndedWithUnsentAnswer();
    let puts = 0;
    recordRequests({
      ...accountRoutes(),
      'PUT /api/answer': () => (++puts === 1 ? HttpResponse.error() : HttpResponse.json({ message: 'ok', version: 5 })),
    });
    const { store, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: ADA }));
    await waitFor(() => expect(puts).toBe(1));
    expect(toastTitles(store)).not.toContain(LAST_VISIT_SAVED_TITLE);
    expect(readUnsent(ADA)).toEqual({ first_name: 'Ada' });
    await waitFor(() => expect(toastTitles(store)).toContain(LAST_VISIT_SAVED_TITLE), { timeout: 8000 });
    expect(readUnsent(ADA)).toEqual({});
  });

  it('another account’s login never takes them (and they stay for Ada)', async () => {
    await sessionEndedWithUnsentAnswer();
    const calls = recordRequests({ ...accountRoutes('bob@example.com'), 'POST /api/web-status': { message: 'ok' } });
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    store.dispatch(userLoggedIn({ username: 'bob@example.com' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/api/answer')).toEqual([]);
    expect(store.getState().answers.values).not.toHaveProperty('first_name');
    expect(toastTitles(store)).not.toContain(LAST_VISIT_SAVED_TITLE);
    expect(readUnsent(ADA)).toEqual({ first_name: 'Ada' });
  });
});
