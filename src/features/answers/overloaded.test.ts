import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { connectionRestored } from '../../shared/events';
import { answerChanged } from './answersSlice';
import { retryDelay } from './outboxListeners';

/**
 * An overloaded server sheds load with 503 and Retry-After (server/src/health): the outbox keeps the answer, shows
 * no error, and sends it again later, with what was typed meanwhile.
 */
afterEach(() => jest.useRealTimers());

it('a 503 keeps the answer and tries again later; nothing is lost or refused', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const bodies: unknown[] = [];
  server.use(
    http.put('*/api/answer', async ({ request }) => {
      bodies.push(JSON.parse(await request.text()));
      if (bodies.length === 1) {
        return HttpResponse.json(
          { message: 'The server is busy. Please try again in a few seconds.', code: 'ServiceUnavailable' },
          { status: 503, headers: { 'Retry-After': '5' } },
        );
      }
      return HttpResponse.json({ message: 'saved', version: 2 });
    }),
  );
  const { store } = listenerHarness(loggedInState({}, { first_name: 'Ada' }, ['first_name']));
  store.dispatch(connectionRestored());
  await jest.advanceTimersByTimeAsync(10);
  expect(bodies).toHaveLength(1);
  // Kept, waiting for a retry: not refused (no error shown), not sent again at once.
  expect(store.getState().sync).toMatchObject({ status: 'pending', dirty: ['first_name'] });
  expect(store.getState().answers.values.first_name).toBe('Ada');
  store.dispatch(answerChanged({ key: 'city', value: 'Troy' }));
  await jest.advanceTimersByTimeAsync(retryDelay(1) + 10);
  jest.useRealTimers();
  await new Promise((r) => setTimeout(r, 50));
  expect(bodies.at(-1)).toEqual({ first_name: 'Ada', city: 'Troy' });
  expect(store.getState().sync).toMatchObject({ status: 'saved', dirty: [], version: 2 });
});
