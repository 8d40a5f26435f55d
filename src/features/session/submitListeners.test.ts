import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { recordRequests } from '../../../tests/msw/recorder';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { connectionRestored, submitRequested } from '../../shared/events';
import { SUBMIT_SUCCESS } from '../../kernel/messages';
import { SUBMIT_RETRY_DELAYS_MS, SUBMIT_UNCONFIRMED } from '../../kernel/submit';
import { initialSessionState } from './sessionSlice';
import { answerChanged } from '../answers';
import { validateAnswers } from '../form/schema';
import { completeApplication } from '../../kernel/form/definition/sampleAnswers';
import { MAINTENANCE_MESSAGE } from '../../kernel/serviceStatus/messages';
import { MAINTENANCE_CODE } from '../../kernel/serviceStatus/rules';

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

  it('a refused submit (500) shows the server message in the error dialog, and is not sent again', async () => {
    const calls = recordRequests({
      ...routes,
      'POST /api/submit': () => HttpResponse.json({ message: 'The database is full.' }, { status: 500 }),
    });
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(() => expect(store.getState().notifications.dialog?.message).toBe('The database is full.'));
    expect(navigate).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/api/submit')).toHaveLength(1);
    expect(store.getState().session.submit).toBe('idle');
  });

  it('during maintenance the submit says so, once, and is not sent again; nor when answers wait unsent', async () => {
    const maintenance = () =>
      HttpResponse.json({ message: MAINTENANCE_MESSAGE, code: MAINTENANCE_CODE }, { status: 503 });
    const calls = recordRequests({ ...routes, 'POST /api/submit': maintenance });
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(() => expect(store.getState().notifications.dialog?.message).toBe(MAINTENANCE_MESSAGE));
    expect(calls.filter((c) => c.path === '/api/submit')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();

    const held = recordRequests({ ...routes, 'PUT /api/answer': maintenance, 'POST /api/submit': maintenance });
    const second = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    second.store.dispatch(answerChanged({ key: 'city', value: 'Springfield' }));
    second.store.dispatch(submitRequested());
    await second.waitFor(() => expect(second.store.getState().notifications.dialog?.message).toBe(MAINTENANCE_MESSAGE));
    expect(held.filter((c) => c.path === '/api/submit')).toHaveLength(0);
  });
});

/** Answers POST /api/submit with `answers` in turn (the last one from then on), counting the calls. */
function submitAnswering(...answers: (() => Response | Promise<Response>)[]) {
  const calls = recordRequests({ ...routes });
  let count = 0;
  server.use(
    http.post('*/api/submit', () => {
      count += 1;
      return answers[Math.min(count, answers.length) - 1]();
    }),
  );
  return { calls, submits: () => count };
}

const lost = () => HttpResponse.error();
const ok = () => HttpResponse.json({ message: SUBMIT_SUCCESS });
const toCompletion = ['/completion', { state: { successMessage: SUBMIT_SUCCESS } }];

describe('submit, safe to repeat', () => {
  it('a submit whose answer was lost is sent again after a wait, saying it is still submitting, then /completion', async () => {
    const { submits } = submitAnswering(lost, ok);
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    expect(store.getState().session.submit).toBe('submitting');
    await waitFor(() => expect(store.getState().session.submit).toBe('retrying'));
    expect(submits()).toBe(1);
    // No error shown meanwhile: the page says it is still at work (SubmitStatus).
    expect(store.getState().notifications.dialog).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(...toCompletion), { timeout: 5000 });
    expect(submits()).toBe(2);
    expect(store.getState().session).toMatchObject({ web_status: 'submitted', submit: 'idle' });
    expect(store.getState().notifications.dialog).toBeNull();
  });

  it('the browser back online sends it again at once', async () => {
    const { submits } = submitAnswering(lost, lost, ok);
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(() => expect(store.getState().session.submit).toBe('retrying'));
    // The second wait is 2 s; "online" cuts each wait short.
    await waitFor(() => {
      store.dispatch(connectionRestored());
      expect(navigate).toHaveBeenCalledWith(...toCompletion);
    });
    expect(submits()).toBe(3);
  });

  it('a save before the submit that got no answer is tried again too, then the submit is made', async () => {
    let saves = 0;
    const calls = recordRequests({ ...routes });
    server.use(
      http.put('*/api/answer', () => {
        saves += 1;
        return saves === 1 ? HttpResponse.error() : HttpResponse.json({ message: 'saved', version: 2 });
      }),
    );
    const { store, navigate, waitFor } = listenerHarness(
      loggedInState({ web_status: 'validating' }, COMPLETE, ['legal_agree']),
    );
    store.dispatch(submitRequested());
    await waitFor(() => expect(store.getState().session.submit).toBe('retrying'));
    expect(calls.some((c) => c.path === '/api/submit')).toBe(false);
    await waitFor(
      () => {
        store.dispatch(connectionRestored());
        expect(navigate).toHaveBeenCalledWith(...toCompletion);
      },
      { timeout: 5000 },
    );
    expect(store.getState().notifications.dialog).toBeNull();
    expect(calls.filter((c) => c.path === '/api/submit')).toHaveLength(1);
  });

  it('409 AlreadySubmitted (a server from before submit was safe to repeat) is success: /completion, no dialog', async () => {
    submitAnswering(() =>
      HttpResponse.json(
        {
          message: 'Your application has already been submitted and can no longer be changed.',
          code: 'AlreadySubmitted',
        },
        { status: 409 },
      ),
    );
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(...toCompletion));
    expect(store.getState().notifications.dialog).toBeNull();
    expect(store.getState().session.web_status).toBe('submitted');
  });

  it('a press while a Submit is at work does nothing more: one submit call, one landing', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { submits } = submitAnswering(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    store.dispatch(submitRequested()); // the double click's second press, in the same moment
    await waitFor(() => expect(submits()).toBe(1));
    store.dispatch(submitRequested()); // and once more while the call is on its way
    answer(ok());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(...toCompletion));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(submits()).toBe(1);
    expect(store.getState().session.submit).toBe('idle');
  });

  it('when every retry goes unanswered, the applicant is told to press again (safe to), and can', async () => {
    const { submits } = submitAnswering(lost);
    const { store, navigate, waitFor } = listenerHarness(loggedInState({ web_status: 'validating' }, COMPLETE));
    store.dispatch(submitRequested());
    await waitFor(
      () => {
        store.dispatch(connectionRestored());
        expect(store.getState().notifications.dialog?.message).toBe(SUBMIT_UNCONFIRMED);
      },
      { timeout: 10_000 },
    );
    expect(submits()).toBe(SUBMIT_RETRY_DELAYS_MS.length + 1);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().session.submit).toBe('idle');
    // Pressed again once the connection is back.
    server.use(http.post('*/api/submit', ok));
    store.dispatch(submitRequested());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(...toCompletion));
  });
});
