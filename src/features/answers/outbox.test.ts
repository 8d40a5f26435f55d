import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { listenerHarness, loggedInState } from '../../../tests/listenerHarness';
import { connectionRestored } from '../../shared/events';
import { AUTOSAVE_DELAY_MS } from '../../kernel/constants';
import { answerChanged } from './answersSlice';
import { retryDelay } from './outboxListeners';

/** A fake server for PUT /api/answer: answers by a script, records bodies and If-Match headers. */
function answerServer(script: ((body: unknown, ifMatch: string | null) => Response)[]) {
  const calls: { body: unknown; ifMatch: string | null }[] = [];
  server.use(
    http.put('*/api/answer', async ({ request }) => {
      const body = JSON.parse(await request.text());
      const ifMatch = request.headers.get('if-match');
      calls.push({ body, ifMatch });
      const step = script[Math.min(calls.length - 1, script.length - 1)];
      return step(body, ifMatch);
    }),
  );
  return calls;
}
const ok = (version: number) => () => HttpResponse.json({ message: 'saved', version });
const fail = (status: number) => () => HttpResponse.json({ message: 'Server trouble.' }, { status });

afterEach(() => jest.useRealTimers());

describe('autosave', () => {
  it('saves once, a few seconds after typing stops, with the last value', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = answerServer([ok(2)]);
    const { store } = listenerHarness(loggedInState());
    for (const value of ['A', 'Ad', 'Ada']) {
      store.dispatch(answerChanged({ key: 'first_name', value }));
      await jest.advanceTimersByTimeAsync(500);
    }
    expect(calls).toHaveLength(0);
    expect(store.getState().sync.status).toBe('pending');
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    jest.useRealTimers();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([{ body: { first_name: 'Ada' }, ifMatch: '"1"' }]);
    expect(store.getState().sync).toMatchObject({ status: 'saved', dirty: [], version: 2 });
  });

  it('a visitor is never autosaved', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = answerServer([ok(2)]);
    const { store } = listenerHarness();
    store.dispatch(answerChanged({ key: 'first_name', value: 'V' }));
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(calls).toHaveLength(0);
  });
});

describe('retries', () => {
  it('the server answers 500 three times then 200: saved once, in order, nothing lost', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = answerServer([fail(500), fail(500), fail(500), ok(2)]);
    const { store } = listenerHarness(loggedInState({}, { first_name: 'Ada' }, ['first_name']));
    store.dispatch(connectionRestored());
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await jest.advanceTimersByTimeAsync(retryDelay(attempt) + 10);
    }
    jest.useRealTimers();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.body)).toEqual(Array(4).fill({ first_name: 'Ada' }));
    expect(store.getState().sync).toMatchObject({ status: 'saved', dirty: [], attempts: 0 });
  });

  it('backs off 2 s, 4 s, 8 s … up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 60000, 60000, 60000]);
  });

  it('offline: the status says so, and coming back online sends at once', async () => {
    server.use(http.put('*/api/answer', () => HttpResponse.error()));
    const { store, waitFor } = listenerHarness(loggedInState({}, { city: 'Troy' }, ['city']));
    store.dispatch(connectionRestored());
    await waitFor(() => expect(store.getState().sync.status).toBe('offline'));
    const calls = answerServer([ok(5)]);
    store.dispatch(connectionRestored());
    await waitFor(() => expect(store.getState().sync.status).toBe('saved'));
    expect(calls).toEqual([{ body: { city: 'Troy' }, ifMatch: '"1"' }]);
  });

  it('a 4xx is shown and not retried', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls = answerServer([fail(400)]);
    const { store } = listenerHarness(loggedInState({}, { a: 'b' }, ['a']));
    store.dispatch(connectionRestored());
    await jest.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    expect(store.getState().sync).toMatchObject({ status: 'error', error: 'Server trouble.', dirty: ['a'] });
    expect(store.getState().notifications.toasts[0]).toMatchObject({ title: 'Your answers were not saved' });
  });
});

describe('two tabs', () => {
  it('409: merges (this tab’s changed keys win, the rest takes the server’s) and saves again on the new version', async () => {
    const calls = answerServer([
      () =>
        HttpResponse.json(
          {
            message: 'Your answers were changed in another window or device since this page last saved.',
            code: 'VersionConflict',
            answer: { first_name: 'Other tab', city: 'Other city', gender: 'M' },
            version: 4,
          },
          { status: 409 },
        ),
      ok(5),
    ]);
    const { store, waitFor } = listenerHarness(
      loggedInState({}, { first_name: 'This tab', city: 'Old city', gender: 'M' }, ['first_name']),
    );
    store.dispatch(connectionRestored());
    await waitFor(() => expect(store.getState().sync.status).toBe('saved'));
    expect(calls[1]).toEqual({ body: { first_name: 'This tab', city: 'Other city', gender: 'M' }, ifMatch: '"4"' });
    expect(store.getState().answers.values).toEqual({ first_name: 'This tab', city: 'Other city', gender: 'M' });
    expect(store.getState().sync.version).toBe(5);
  });

  it('a key typed while a save is in flight stays dirty for the next save', async () => {
    let release: () => void = () => {};
    server.use(
      http.put('*/api/answer', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ message: 'saved', version: 2 });
      }),
    );
    const { store, waitFor } = listenerHarness(loggedInState({}, { a: '1' }, ['a']));
    store.dispatch(connectionRestored());
    await waitFor(() => expect(store.getState().sync.status).toBe('saving'));
    store.dispatch(answerChanged({ key: 'b', value: '2' }));
    release();
    await waitFor(() => expect(store.getState().sync.version).toBe(2));
    expect(store.getState().sync.dirty).toEqual(['b']);
  });
});
