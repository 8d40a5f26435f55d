import { loadConfig } from '../src/config';
import { makeApp } from './helpers';

/** A request must arrive whole within REQUEST_TIMEOUT_MS: a body sent slowly cannot hold a connection for minutes. */
it('the server ends requests that take longer than the configured time to arrive', async () => {
  expect(loadConfig({}).requestTimeoutMs).toBe(60_000);
  expect(loadConfig({ REQUEST_TIMEOUT_MS: '15000' }).requestTimeoutMs).toBe(15_000);
  expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow('REQUEST_TIMEOUT_MS must be a whole number');
  const t = await makeApp({ requestTimeoutMs: 15_000 });
  try {
    await t.app.ready();
    expect(t.app.server.requestTimeout).toBe(15_000);
  } finally {
    await t.close();
  }
});
