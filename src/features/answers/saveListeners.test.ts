import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { navigationRequested } from '../../app/events';
import { initialSessionState } from '../session/sessionSlice';
import { SAVE_FAILED_TITLE } from './saveListeners';

describe('save before navigating', () => {
  it('logged in: saves the answers, then navigates; a page button marks the page changed', async () => {
    const calls = recordRequests({ 'PUT /api/answer': { message: 'saved' } });
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Ada' }));
    store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', undefined));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/answer', body: { first_name: 'Ada' } }]);
    expect(store.getState().session.has_changed_page).toBe(true);
  });

  it('a header tab does not count as a page change', async () => {
    recordRequests({ 'PUT /api/answer': { message: 'saved' } });
    const { store, navigate, waitFor } = listenerHarness(loggedInState());
    store.dispatch(navigationRequested({ to: '/final-steps', via: 'tab' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/final-steps', undefined));
    expect(store.getState().session.has_changed_page).toBe(false);
  });

  it('while validating, also posts the validation errors', async () => {
    const calls = recordRequests({
      'PUT /api/answer': { message: 'saved' },
      'POST /api/validations': { message: 'ok' },
    });
    const state = loggedInState({ web_status: 'validating' }, { first_name: '' });
    state.answers!.errors = { first_name: ['First Name'] };
    const { store, navigate, waitFor } = listenerHarness(state);
    store.dispatch(navigationRequested({ to: '/about', via: 'tab' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls).toContainEqual({ method: 'POST', path: '/api/validations', body: { first_name: ['First Name'] } });
  });

  it('a failed save still moves on, keeps the answers and tells the applicant', async () => {
    server.use(http.put('*/api/answer', () => HttpResponse.json({ message: 'Server busy.' }, { status: 503 })));
    const { store, navigate, waitFor } = listenerHarness(loggedInState({}, { first_name: 'Kept' }));
    store.dispatch(navigationRequested({ to: '/education', via: 'pageButton' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', undefined));
    expect(store.getState().answers.values).toEqual({ first_name: 'Kept' });
    expect(store.getState().notifications.toasts).toMatchObject([
      { severity: 'error', title: SAVE_FAILED_TITLE, message: 'Server busy.' },
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
