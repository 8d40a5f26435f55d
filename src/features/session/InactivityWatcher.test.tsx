import { userLoggedIn } from '../../shared/events';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { renderApp } from '../../../tests/renderWithProviders';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../kernel/constants';
import { INACTIVITY_LOGOUT } from '../../kernel/messages';
import { initialSessionState, submitEnded, submitStarted } from './sessionSlice';
import { conversionStarted, uploadCompleted, uploadStarted } from '../documents/documentsSlice';
import { saveStarted, saveSucceeded } from '../answers/syncSlice';
import { INACTIVITY_WARNING_TITLE, LEAVE_LABEL, STAY_LABEL } from './InactivityWarning';
import type { RootState } from '../../app/store';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';

const PROMPT_AT = INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS;

function loggedIn(): Partial<RootState> {
  server.use(...loggedInAccountHandlers({ version: 1 }));
  return { session: { ...initialSessionState, is_logged_in: true } };
}

const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
const warning = () => screen.queryByRole('dialog', { name: INACTIVITY_WARNING_TITLE });

/** The app at /about, settled, with the idle clock started afresh by one key press (the key's release). */
async function renderIdleApp(preloadedState?: Partial<RootState>) {
  const result = renderApp('/about', { preloadedState });
  await screen.findByRole('heading', { level: 1, name: 'About You' }, { timeout: 5000 });
  if (preloadedState?.session?.is_logged_in) {
    await waitFor(() => expect(result.store.getState().session.profile_loaded).toBe(true));
  }
  fireEvent.keyUp(document, { key: 'a' });
  // Every location the router moves to, with its state (the login page consumes errorMessage once shown).
  const visits: { pathname: string; state: unknown }[] = [];
  result.router.subscribe(({ location }) => visits.push({ pathname: location.pathname, state: location.state }));
  const arrivedAtLogin = () => visits.find((v) => v.pathname === '/login');
  return { ...result, arrivedAtLogin };
}

/** Logged in, the warning answered with 'No - Please log me out', and the logout done. */
async function leaveFromTheWarning() {
  recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
  const result = await renderIdleApp(loggedIn());
  advance(PROMPT_AT);
  const dialog = await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE });
  await result.user.click(within(dialog).getByRole('button', { name: LEAVE_LABEL }));
  await waitFor(() => expect(result.store.getState().session.is_logged_in).toBe(false));
  return result;
}

describe('InactivityWatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it(`warns ${INACTIVITY_WARNING_MS / 1000} s before the timeout, then logs out: GET /api/logout, /login with the inactivity message`, async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, store, arrivedAtLogin } = await renderIdleApp(loggedIn());

    advance(PROMPT_AT - 1);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    const dialog = await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE });
    expect(within(dialog).getByRole('button', { name: STAY_LABEL })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: LEAVE_LABEL })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/logged out in \d+ seconds/);
    expect(calls).toEqual([]);

    // Moving the mouse does not dismiss the warning: the applicant must answer it.
    fireEvent.mouseMove(document);
    advance(INACTIVITY_WARNING_MS - 1000);
    expect(dialog).toHaveTextContent('logged out in 1 second.');
    advance(1000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(arrivedAtLogin()?.state).toEqual({ errorMessage: INACTIVITY_LOGOUT });
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
    expect(store.getState().session.is_logged_in).toBe(false);
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
  });

  it("'Yes - Take me back to my application' keeps the session and restarts the clock", async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, user, store } = await renderIdleApp(loggedIn());
    advance(PROMPT_AT);
    const dialog = await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: STAY_LABEL }));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());

    advance(INACTIVITY_WARNING_MS * 2);
    expect(calls).toEqual([]);
    expect(router.state.location.pathname).toBe('/about');
    expect(store.getState().session.is_logged_in).toBe(true);

    // A full idle period later it asks again.
    advance(PROMPT_AT - INACTIVITY_WARNING_MS * 2);
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();
  });

  it('activity before the warning keeps pushing it back', async () => {
    await renderIdleApp(loggedIn());
    for (let i = 0; i < 5; i += 1) {
      advance(PROMPT_AT - 1000);
      fireEvent.keyUp(document, { key: 'b' });
    }
    expect(warning()).not.toBeInTheDocument();
    advance(PROMPT_AT);
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();
  });

  it("'No - Please log me out' logs out as the applicant's own choice (no inactivity message)", async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, user, arrivedAtLogin } = await renderIdleApp(loggedIn());
    advance(PROMPT_AT);
    const dialog = await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE });
    await user.click(within(dialog).getByRole('button', { name: LEAVE_LABEL }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(arrivedAtLogin()?.state).toBeNull();
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
  });

  it('a new login starts a new watch: focus right after it, long after the last visit, keeps the session', async () => {
    const { router, store } = await leaveFromTheWarning();

    // The applicant comes back later than the timeout and logs in; the window then gets focus.
    act(() => jest.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS + 1000));
    act(() => void store.dispatch(userLoggedIn({ username: 'applicant@example.com' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    act(() => void fireEvent.focus(window));
    advance(PROMPT_AT - 1000);
    expect(router.state.location.pathname).toBe('/about');
    expect(store.getState().session.is_logged_in).toBe(true);
    expect(warning()).not.toBeInTheDocument();
  });

  it("a login right after 'No - Please log me out' is not ended by the warning's old countdown", async () => {
    const { router, store } = await leaveFromTheWarning();

    act(() => void store.dispatch(userLoggedIn({ username: 'applicant@example.com' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    advance(INACTIVITY_WARNING_MS + 1000);
    expect(router.state.location.pathname).toBe('/about');
    expect(store.getState().session.is_logged_in).toBe(true);
  });

  it.each([
    ['the tab is shown again', () => fireEvent(document, new Event('visibilitychange'))],
    ['the window gets focus', () => fireEvent.focus(window)],
  ])(
    'logs out when %s more than the timeout after the last activity (the device slept, timers did not run)',
    async (_label, wake) => {
      const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
      const { router, arrivedAtLogin } = await renderIdleApp(loggedIn());
      // The clock jumps; no timer fires in between.
      act(() => jest.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS + 1000));
      act(() => wake());
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(arrivedAtLogin()?.state).toEqual({ errorMessage: INACTIVITY_LOGOUT });
      expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
    },
  );

  it('does not log out on focus when the last activity is recent', async () => {
    const { router } = await renderIdleApp(loggedIn());
    act(() => jest.setSystemTime(Date.now() + PROMPT_AT / 2));
    act(() => void fireEvent.focus(window));
    advance(10);
    expect(router.state.location.pathname).toBe('/about');
  });

  it('holds while a Submit is at work: no warning, no logout, not even on waking; the clock restarts when it ends', async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, store } = await renderIdleApp(loggedIn());
    advance(PROMPT_AT - 1000);
    act(() => void store.dispatch(submitStarted()));
    advance(INACTIVITY_TIMEOUT_MS * 3);
    expect(warning()).not.toBeInTheDocument();
    // The device slept in the middle of it: waking does not end the session either.
    act(() => jest.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS + 1000));
    act(() => void fireEvent.focus(window));
    advance(10);
    expect(calls).toEqual([]);
    expect(router.state.location.pathname).toBe('/about');
    expect(store.getState().session.is_logged_in).toBe(true);

    // Done: a whole idle period from now, as after a key press.
    act(() => void store.dispatch(submitEnded()));
    advance(PROMPT_AT - 1);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('an upload and its conversion hold the clock until done, past the warning and the timeout', async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, store } = await renderIdleApp(loggedIn());
    const key = 'personal_statement_doc';
    advance(PROMPT_AT - 1000);
    act(() => void store.dispatch(uploadStarted({ key, file: { name: 'essay.pdf', size: 1000 } })));
    advance(INACTIVITY_TIMEOUT_MS * 2);
    act(() => void store.dispatch(conversionStarted({ key })));
    advance(INACTIVITY_TIMEOUT_MS * 2);
    expect(warning()).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    act(() => void store.dispatch(uploadCompleted({ key })));
    advance(PROMPT_AT - 1);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();
    advance(INACTIVITY_WARNING_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
  });

  it('a save that ends before a beat of the clock leaves it as it was: the warning comes when it would have', async () => {
    const { store } = await renderIdleApp(loggedIn());
    advance(PROMPT_AT - 1000);
    act(() => void store.dispatch(saveStarted()));
    advance(100);
    act(() => void store.dispatch(saveSucceeded({ version: 2, stillDirty: [] })));
    advance(899);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();
  });

  it('a warning due during a short save shows once the save is over; a logout due during one waits for its end', async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'Logged out.' } });
    const { router, store } = await renderIdleApp(loggedIn());
    advance(PROMPT_AT - 50);
    act(() => void store.dispatch(saveStarted()));
    advance(100);
    expect(warning()).not.toBeInTheDocument();
    act(() => void store.dispatch(saveSucceeded({ version: 2, stillDirty: [] })));
    expect(await screen.findByRole('dialog', { name: INACTIVITY_WARNING_TITLE })).toBeInTheDocument();

    // A save while the warning shows leaves it there; the logout due meanwhile comes when the save is over.
    act(() => void store.dispatch(saveStarted()));
    advance(INACTIVITY_WARNING_MS);
    expect(calls).toEqual([]);
    expect(store.getState().session.is_logged_in).toBe(true);
    act(() => void store.dispatch(saveSucceeded({ version: 3, stillDirty: [] })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
  });

  it('is off for a visitor: no warning and no logout, however long', async () => {
    // Any logout call would be an unhandled request and fail the test.
    const { router } = await renderIdleApp();
    advance(INACTIVITY_TIMEOUT_MS * 3);
    act(() => void fireEvent.focus(window));
    expect(warning()).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
  });
});
