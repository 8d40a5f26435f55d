import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { navigationRequested } from '../../shared/events';
import { initialSessionState } from '../session/sessionSlice';

describe('save before navigating', () => {
  it('logged in: saves the changed answers (If-Match), then navigates; a page button marks the page changed', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.put('*/api/answer', ({ request }) => {
        seen.push(request.headers.get('if-match'));
        return HttpResponse.json({ message: 'saved', version: 2 });
      }),
    );
    const calls = recordRequests({});
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Ada' }, ['first_name']));
    store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', undefined));
    expect(seen).toEqual(['"1"']);
    expect(calls).toEqual([]);
    expect(store.getState().sync).toMatchObject({ dirty: [], version: 2, status: 'saved' });
    expect(store.getState().session.has_changed_page).toBe(true);
  });

  it('nothing changed: no request, just the navigation', async () => {
    const calls = recordRequests({ 'PUT /api/answer': { message: 'saved', version: 2 } });
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Ada' }));
    store.dispatch(navigationRequested({ to: '/final-steps', via: 'tab' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/final-steps', undefined));
    expect(calls).toEqual([]);
    expect(store.getState().session.has_changed_page).toBe(false);
  });

  it('while validating, also posts the validation errors', async () => {
    const calls = recordRequests({
      'PUT /api/answer': { message: 'saved', version: 2 },
      'POST /api/validations': { message: 'ok' },
    });
    const state = loggedInState({ web_status: 'validating' }, { first_name: '' }, ['first_name']);
    state.answers!.errors = { first_name: ['First Name'] };
    const { store, navigate, waitFor } = listenerHarness(state);
    store.dispatch(navigationRequested({ to: '/about', via: 'tab' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls).toContainEqual({ method: 'POST', path: '/api/validations', body: { first_name: ['First Name'] } });
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/answer', body: { first_name: '' } });
  });

  it('a failed save still moves on and keeps the answers pending for a retry', async () => {
    server.use(http.put('*/api/answer', () => HttpResponse.json({ message: 'Server busy.' }, { status: 503 })));
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Kept' }, ['first_name']));
    store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', undefined));
    expect(store.getState().answers.values).toEqual({ first_name: 'Kept' });
    expect(store.getState().sync).toMatchObject({ status: 'pending', dirty: ['first_name'], attempts: 1 });
  });

  it('a refused save (4xx) is shown as an error toast', async () => {
    server.use(
      http.put('*/api/answer', () =>
        HttpResponse.json({ message: 'Your answers are too large to save.' }, { status: 400 }),
      ),
    );
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'x' }, ['first_name']));
    store.dispatch(navigationRequested({ to: '/education', via: 'tab' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(store.getState().notifications.toasts).toMatchObject([
      { severity: 'error', title: 'Your answers were not saved', message: 'Your answers are too large to save.' },
    ]);
  });

  it('a visitor with answers goes to /signup carrying them; without answers, to the target', async () => {
    const withAnswers = listenerHarness({
      session: initialSessionState,
      answers: { values: { first_name: 'V' }, errors: {} },
    });
    withAnswers.store.dispatch(navigationRequested({ to: '/education', via: 'tab' }));
    expect(withAnswers.navigate).toHaveBeenCalledWith('/signup', { state: { studentAnswers: { first_name: 'V' } } });

    const empty = listenerHarness({
      session: initialSessionState,
      answers: { values: { first_name: ' ' }, errors: {} },
    });
    empty.store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    expect(empty.navigate).toHaveBeenCalledWith('/education', undefined);
  });
});
