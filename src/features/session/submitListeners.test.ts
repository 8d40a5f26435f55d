import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { submitRequested } from '../../shared/events';
import { SUBMIT_SUCCESS } from '../../kernel/messages';
import { initialSessionState } from './sessionSlice';
import { validateAnswers } from '../form/schema';
import { completeApplication } from '../../kernel/form/definition/sampleAnswers';

/** An application that passes the whole schema (from the definition's own sample). */
const COMPLETE = completeApplication();

const routes = {
  'PUT /api/answer': { message: 'saved', version: 2 },
  'POST /api/web-status': { message: 'ok' },
  'POST /api/validations': { message: 'ok' },
  'POST /api/submit': { message: SUBMIT_SUCCESS },
};

describe('submit', () => {
  it('a visitor always goes to /signup carrying the answers', () => {
    const { store, navigate } = listenerHarness({
      session: initialSessionState,
      answers: { values: COMPLETE, errors: {} },
    });
    store.dispatch(submitRequested());
    expect(navigate).toHaveBeenCalledWith('/signup', { state: { studentAnswers: COMPLETE } });
  });

  it('valid: started → validating (posted), submit call, submitted (posted and local), /completion with the message', async () => {
    const calls = recordRequests(routes);
    const { store, navigate, waitFor } = listenerHarness(
      loggedInState({ web_status: 'started' }, COMPLETE, ['legal_agree']),
      '/final-steps',
    );
    store.dispatch(submitRequested());
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/completion', { state: { successMessage: SUBMIT_SUCCESS } }),
    );
    expect(store.getState().session.web_status).toBe('submitted');
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? '')}`)).toEqual([
        'POST /api/web-status {"web_status":"validating"}',
        'PUT /api/answer ' + JSON.stringify(COMPLETE),
        'POST /api/submit ""',
        'POST /api/web-status {"web_status":"submitted"}',
      ]),
    );
  });

  it('not valid: stays validating, posts the violations and goes to the default route', async () => {
    const calls = recordRequests(routes);
    const answers = { ...COMPLETE, first_name: '', conviction: 'Y' };
    const { store, navigate, waitFor } = listenerHarness(
      loggedInState({ web_status: 'started' }, answers),
      '/final-steps',
    );
    store.dispatch(submitRequested());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/about', undefined));
    expect(store.getState().session.web_status).toBe('validating');
    const expected = validateAnswers(answers);
    expect(expected).toMatchObject({ first_name: ['First Name'] });
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['first_name', 'conviction_comment']));
    expect(store.getState().answers.errors).toEqual(expected);
    expect(calls).toContainEqual({ method: 'POST', path: '/api/validations', body: expected });
    expect(calls.some((c) => c.path === '/api/submit')).toBe(false);
  });

  it('a refused submit shows the server message in the error dialog', async () => {
    recordRequests({ ...routes });
    server.use(
      http.post('*/api/submit', () =>
        HttpResponse.json(
          { message: 'Your application has already been submitted and can no longer be changed.' },
          { status: 409 },
        ),
      ),
    );
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(() => expect(store.getState().notifications.dialog?.message).toMatch(/already been submitted/));
    expect(navigate).not.toHaveBeenCalled();
  });
});
