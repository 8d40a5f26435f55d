import { http, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { listenerHarness, loggedInState } from '../../tests/listenerHarness';
import { api } from './api';
import { GENERIC_ERROR, SESSION_INVALID } from '../kernel/messages';

describe('the base query (SPEC §8 error catalogue)', () => {
  it('sends JSON with the Content-Type header, a body only when there is a payload', async () => {
    const seen: { type: string | null; body: string }[] = [];
    server.use(
      http.post('*/api/submit', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() });
        return HttpResponse.json({ message: 'ok' });
      }),
      http.put('*/api/answer', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() });
        return HttpResponse.json({ message: 'saved' });
      }),
    );
    const { store } = listenerHarness();
    await store.dispatch(api.endpoints.submit.initiate()).unwrap();
    await store.dispatch(api.endpoints.putAnswer.initiate({ answer: { first_name: 'Ada' } })).unwrap();
    expect(seen).toEqual([
      { type: 'application/json', body: '' },
      { type: 'application/json', body: '{"first_name":"Ada"}' },
    ]);
  });

  it('turns a non-JSON answer into the generic message', async () => {
    server.use(
      http.get(
        '*/api/profile',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const { store } = listenerHarness();
    await expect(store.dispatch(api.endpoints.getProfile.initiate()).unwrap()).rejects.toMatchObject({
      message: GENERIC_ERROR,
    });
  });

  it('uses the body message when it is a string, else the generic one', async () => {
    server.use(
      http.post('*/public/login', () =>
        HttpResponse.json(
          { message: 'Incorrect email address or password.', code: 'NotAuthorizedException' },
          { status: 400 },
        ),
      ),
      http.post('*/public/signup', () => HttpResponse.json({ message: { nested: true } }, { status: 409 })),
    );
    const { store } = listenerHarness();
    await expect(
      store.dispatch(api.endpoints.login.initiate({ username: 'a@b.co', password: 'x' })).unwrap(),
    ).rejects.toEqual({
      status: 400,
      message: 'Incorrect email address or password.',
      code: 'NotAuthorizedException',
      data: { message: 'Incorrect email address or password.', code: 'NotAuthorizedException' },
    });
    await expect(
      store.dispatch(api.endpoints.signup.initiate({ username: 'a@b.co', password: 'x' })).unwrap(),
    ).rejects.toMatchObject({
      status: 409,
      message: GENERIC_ERROR,
    });
  });

  it('a network failure gives the generic message', async () => {
    server.use(http.get('*/api/tabs', () => HttpResponse.error()));
    const { store } = listenerHarness();
    await expect(store.dispatch(api.endpoints.getTabs.initiate()).unwrap()).rejects.toMatchObject({
      status: 'FETCH_ERROR',
      message: GENERIC_ERROR,
    });
  });

  it('401: clears the cache, logs out locally and goes to /login with the session message', async () => {
    server.use(
      http.get('*/api/tabs', () => HttpResponse.json({ t: 'a' })),
      http.get('*/api/profile', () => HttpResponse.json({ message: 'no' }, { status: 401 })),
    );
    const { store, navigate, waitFor } = listenerHarness(loggedInState());
    await store.dispatch(api.endpoints.getTabs.initiate()).unwrap();
    expect(api.endpoints.getTabs.select()(store.getState()).data).toEqual({ t: 'a' });
    // The cache is reset while this query is in flight, so only its side effects are asserted.
    await store.dispatch(api.endpoints.getProfile.initiate());
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { errorMessage: SESSION_INVALID } }),
    );
    expect(api.endpoints.getTabs.select()(store.getState()).data).toBeUndefined();
    expect(store.getState().session.is_logged_in).toBe(false);
  });

  it('retries the web-status post twice (3 calls in all), and nothing else', async () => {
    let statusCalls = 0;
    let answerCalls = 0;
    server.use(
      http.post('*/api/web-status', () => {
        statusCalls += 1;
        return HttpResponse.json({ message: 'down' }, { status: 503 });
      }),
      http.put('*/api/answer', () => {
        answerCalls += 1;
        return HttpResponse.json({ message: 'down' }, { status: 503 });
      }),
    );
    const { store } = listenerHarness();
    await expect(
      store.dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'started' })).unwrap(),
    ).rejects.toMatchObject({ status: 503 });
    await expect(store.dispatch(api.endpoints.putAnswer.initiate({ answer: {} })).unwrap()).rejects.toMatchObject({
      status: 503,
    });
    expect(statusCalls).toBe(3);
    expect(answerCalls).toBe(1);
  }, 30_000);

  it('does not retry the web-status post on a 4xx', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/web-status', () => {
        calls += 1;
        return HttpResponse.json({ message: 'no' }, { status: 409 });
      }),
    );
    const { store } = listenerHarness();
    await expect(
      store.dispatch(api.endpoints.postWebStatus.initiate({ web_status: 'submitted' })).unwrap(),
    ).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(1);
  });
});
