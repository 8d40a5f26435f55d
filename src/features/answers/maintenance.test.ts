import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { AUTOSAVE_DELAY_MS } from '../../kernel/constants';
import { MAINTENANCE_MESSAGE } from '../../kernel/serviceStatus/messages';
import { MAINTENANCE_CODE, MAINTENANCE_RETRY_MS } from '../../kernel/serviceStatus/rules';
import { connectionRestored } from '../../shared/events';
import { answerChanged } from './answersSlice';
import { retryDelay } from './outboxListeners';
import { saveStateText } from './SaveStatus';

/**
 * Maintenance mode (server/src/serviceStatus): every save is refused with 503 and its own code. The outbox holds the
 * answers (status 'held', which redux-persist keeps with them), shows no error, does not send what is typed meanwhile,
 * tries once a minute, and sends everything as soon as the page learns the maintenance is over (connectionRestored).
 */
afterEach(() => jest.useRealTimers());

const refusal = () =>
  HttpResponse.json(
    { message: MAINTENANCE_MESSAGE, code: MAINTENANCE_CODE },
    { status: 503, headers: { 'Retry-After': '60' } },
  );

it('holds the answers without an error, tries again only after a minute, and sends them all once it is over', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  let open = false;
  const bodies: unknown[] = [];
  server.use(
    http.put('*/api/answer', async ({ request }) => {
      bodies.push(JSON.parse(await request.text()));
      return open ? HttpResponse.json({ message: 'saved', version: 2 }) : refusal();
    }),
  );
  const { store } = listenerHarness(loggedInState({}, { first_name: 'Ada' }, ['first_name']));
  store.dispatch(connectionRestored());
  await jest.advanceTimersByTimeAsync(10);
  expect(bodies).toHaveLength(1);
  expect(store.getState().sync).toMatchObject({ status: 'held', dirty: ['first_name'] });
  // No error anywhere: no toast, no dialog, no save-state words (the page-level message says it all).
  expect(store.getState().notifications).toEqual({ toasts: [], dialog: null });
  expect(saveStateText('held', true)).toBeNull();

  // Typed while held: kept, not sent after the usual autosave delay, nor at the back-off's first steps.
  store.dispatch(answerChanged({ key: 'city', value: 'Troy' }));
  await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + retryDelay(1) + retryDelay(2) + 100);
  expect(bodies).toHaveLength(1);
  expect(store.getState().sync).toMatchObject({ status: 'held', dirty: ['first_name', 'city'] });

  // One try a minute after the refusal, still refused.
  await jest.advanceTimersByTimeAsync(MAINTENANCE_RETRY_MS);
  expect(bodies).toEqual([{ first_name: 'Ada' }, { first_name: 'Ada', city: 'Troy' }]);
  expect(store.getState().sync.status).toBe('held');

  // The page learns it is over: everything goes at once.
  open = true;
  store.dispatch(connectionRestored());
  await jest.advanceTimersByTimeAsync(10);
  jest.useRealTimers();
  await new Promise((r) => setTimeout(r, 50));
  expect(bodies).toHaveLength(3);
  expect(bodies.at(-1)).toEqual({ first_name: 'Ada', city: 'Troy' });
  expect(store.getState().sync).toMatchObject({ status: 'saved', dirty: [], version: 2 });
});

it('a busy server’s 503 (another code) is still retried with the usual back-off, not held', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  let calls = 0;
  server.use(
    http.put('*/api/answer', () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'The server is busy.', code: 'ServiceUnavailable' }, { status: 503 })
        : HttpResponse.json({ message: 'saved', version: 2 });
    }),
  );
  const { store } = listenerHarness(loggedInState({}, { first_name: 'Ada' }, ['first_name']));
  store.dispatch(connectionRestored());
  await jest.advanceTimersByTimeAsync(10);
  expect(store.getState().sync.status).toBe('pending');
  await jest.advanceTimersByTimeAsync(retryDelay(1) + 10);
  jest.useRealTimers();
  await new Promise((r) => setTimeout(r, 50));
  expect(calls).toBe(2);
  expect(store.getState().sync.status).toBe('saved');
});
