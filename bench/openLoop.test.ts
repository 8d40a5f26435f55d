import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop, readAnswer } from './openLoop';

interface Seen {
  cookie: string | undefined;
  contentType: string | undefined;
  body: string;
}

/**
 * A server that holds its first answer for `holdMs` and answers the rest at once, 200 each but 503 to the fifth
 * request; it records what each request carried.
 */
async function holdingServer(holdMs: number) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ cookie: request.headers.cookie, contentType: request.headers['content-type'], body });
      const status = seen.length === 5 ? 503 : 200;
      const answer = () => response.writeHead(status).end('{}');
      if (seen.length === 1) setTimeout(answer, holdMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const spec = (cookies: string[]) => ({
  route: 'PUT /save',
  method: 'PUT' as const,
  path: '/save',
  body: '{"a":"1"}',
  cookies,
  expectedStatus: 200,
});

describe('openLoop', () => {
  it('times each request from when it was due: requests waiting behind a held answer count their wait', async () => {
    const server = await holdingServer(300);
    try {
      // One connection, 100 requests a second for half a second: the first is held 300 ms, and the ~30 due
      // meanwhile wait for the connection. Timed from when they were sent, they would take about 1 ms each.
      const run = await openLoop(server.baseUrl, spec(['sid=a', 'sid=b', 'sid=c']), 1, 100, 0.5);
      expect(run.requests).toBe(50);
      expect(run.targetPerSec).toBe(100);
      // The request due at 240 ms (the 25th) could not be answered before 300 ms: at least 60 ms late.
      expect(run.p50Ms).toBeGreaterThanOrEqual(50);
      expect(run.maxMs).toBeGreaterThanOrEqual(300);
      expect(run.statusCodes).toEqual({ '200': 49, '503': 1 });
      expect(run.errors).toBe(1);
      expect(run.connectionErrors).toBe(0);
      expect(run.timeouts).toBe(0);
      // Request i carries session i mod 3's cookie, with the body as JSON.
      expect(server.seen.slice(0, 6).map((s) => s.cookie)).toEqual([
        'sid=a',
        'sid=b',
        'sid=c',
        'sid=a',
        'sid=b',
        'sid=c',
      ]);
      expect(server.seen.every((s) => s.body === '{"a":"1"}' && s.contentType === 'application/json')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('counts a refused connection as an error, not as an answer', async () => {
    const server = await holdingServer(0);
    await server.close();
    const run = await openLoop(server.baseUrl, spec(['sid=a']), 2, 50, 0.1);
    expect(run.requests).toBe(0);
    expect(run.connectionErrors).toBe(5);
    expect(run.errors).toBe(5);
  });

  it('reports how late the generator itself sent, and counts that lateness in the latencies', async () => {
    const server = await holdingServer(0);
    try {
      // The generator's own thread is held for 200 ms from 100 ms in: the ~20 requests due meanwhile leave late.
      setTimeout(() => {
        const until = performance.now() + 200;
        while (performance.now() < until);
      }, 100);
      const run = await openLoop(server.baseUrl, spec(['sid=a']), 10, 100, 0.5);
      expect(run.requests).toBe(50);
      expect(run.sendLateMaxMs).toBeGreaterThanOrEqual(150);
      expect(run.sendLateP99Ms).toBeGreaterThanOrEqual(150);
      expect(run.maxMs).toBeGreaterThanOrEqual(run.sendLateMaxMs);
    } finally {
      await server.close();
    }
  });
});

describe('readAnswer', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1');

  it('waits for the whole head and the whole Content-Length body', () => {
    expect(readAnswer(bytes('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n'))).toBeUndefined();
    expect(readAnswer(bytes('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{'))).toBeUndefined();
    const answer = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}';
    expect(readAnswer(bytes(answer))).toEqual({ status: 200, length: answer.length });
  });

  it('reads a chunked body to its last chunk, and an answer with no body', () => {
    const head = 'HTTP/1.1 401 Unauthorized\r\ntransfer-encoding: chunked\r\n\r\n';
    expect(readAnswer(bytes(`${head}2\r\n{}\r\n`))).toBeUndefined();
    expect(readAnswer(bytes(`${head}2\r\n{}\r\n0\r\n\r\n`))).toEqual({ status: 401, length: head.length + 12 });
    expect(readAnswer(bytes(`${head}0\r\n\r\n`))).toEqual({ status: 401, length: head.length + 5 });
    const noContent = 'HTTP/1.1 204 No Content\r\nkeep-alive: timeout=72\r\n\r\n';
    expect(readAnswer(bytes(noContent))).toEqual({ status: 204, length: noContent.length });
  });
});
