import net from 'node:net';
import { loadConfig } from '../../src/config';
import { makeApp } from '../helpers';

/** A request must arrive whole within REQUEST_TIMEOUT_MS: a body sent slowly cannot hold a connection for minutes. */
it('REQUEST_TIMEOUT_MS: 60 s unless set; a whole number', () => {
  expect(loadConfig({}).requestTimeoutMs).toBe(60_000);
  expect(loadConfig({ REQUEST_TIMEOUT_MS: '15000' }).requestTimeoutMs).toBe(15_000);
  expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow('REQUEST_TIMEOUT_MS must be a whole number');
});

it('a body that stops arriving is answered 408 and the connection closed, soon after the limit', async () => {
  const t = await makeApp({ requestTimeoutMs: 1_000 });
  try {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Headers promise 100 bytes; 10 arrive, the rest never does.
    socket.write(
      'POST /public/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"usernam',
    );
    // Bounded: the server's check runs every 1 s here; the test gives it 15 s.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(socket.destroyed || socket.readyState === 'closed').toBe(true);
  } finally {
    await t.close();
  }
});
