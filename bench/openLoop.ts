/**
 * An open-loop load: requests leave at a fixed rate whatever the pace of the answers, and each one's latency counts
 * from the moment it was due, not from when a connection became free. autocannon's closed loop (each connection
 * sends its next request when the last is answered) cannot say what an applicant waits at a given load: with 100
 * connections always busy, its mean latency is 100 ÷ the rate it reaches (Little's law), whatever the server does,
 * and a stall slows the load down instead of showing in the figures (coordinated omission).
 *
 * Up to `sessions` requests are in flight, one keep-alive connection each; request i carries session i mod
 * `sessions`'s cookie. A request still waiting for a connection is late already: that wait is in its latency.
 */
import http from 'node:http';
import { LOAD_TIMEOUT_S, percentile, round, sleep } from './common';
import type { LoadRun, LoadSpec } from './server';

/** A run's figures as autocannon's (reqPerSec: answers per second, below the target when the server fell behind). */
export interface OpenLoopRun extends LoadRun {
  /** The rate the requests were sent at. */
  targetPerSec: number;
  /**
   * How late the generator itself sent them (p99 and max of send time − due time): it shares the machine's cores,
   * and its own lateness is in every latency above. Reported so that a reader can tell the server's wait from it.
   */
  sendLateP99Ms: number;
  sendLateMaxMs: number;
}

/** A figure of `samples` in ms, as autocannon gives it: 0 when there is none (every request failed). */
const msAt = (samples: number[], q: number) => (samples.length === 0 ? 0 : round(percentile(samples, q), 1));

export async function openLoop(
  baseUrl: string,
  spec: LoadSpec & { cookies: string[] },
  sessions: number,
  targetPerSec: number,
  seconds: number,
): Promise<OpenLoopRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sessions });
  const url = new URL(spec.path, baseUrl);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const latencies: number[] = [];
  const sendLate: number[] = [];
  const statusCodes: Record<string, number> = {};
  let connectionErrors = 0;
  let timeouts = 0;
  const pending = new Set<Promise<void>>();

  const send = (index: number, dueAt: number) => {
    const done = new Promise<void>((resolve) => {
      let timedOut = false;
      const request = http.request(
        url,
        {
          agent,
          method: spec.method,
          timeout: LOAD_TIMEOUT_S * 1000,
          headers: {
            cookie: spec.cookies[index % spec.cookies.length],
            ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - dueAt);
            const code = String(response.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            resolve();
          });
          response.on('error', () => {
            connectionErrors++;
            resolve();
          });
        },
      );
      request.on('timeout', () => {
        timedOut = true;
        timeouts++;
        request.destroy();
      });
      request.on('error', () => {
        // A request destroyed for its time-out ends here too: it counts once, as a time-out.
        if (!timedOut) connectionErrors++;
        resolve();
      });
      request.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const intervalMs = 1000 / targetPerSec;
  const total = Math.round(targetPerSec * seconds);
  const start = performance.now();
  let sent = 0;
  // Every millisecond or so, sends whatever has come due: a late tick sends the overdue ones at once, each timed
  // from when it was due.
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * intervalMs <= now) {
      sendLate.push(now - (start + sent * intervalMs));
      send(sent, start + sent * intervalMs);
      sent++;
    }
    await sleep(1);
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();

  const answered = latencies.length;
  const expected = statusCodes[String(spec.expectedStatus)] ?? 0;
  return {
    route: spec.route,
    connections: sessions,
    seconds,
    targetPerSec: round(targetPerSec, 0),
    reqPerSec: round(answered / elapsedS, 1),
    p50Ms: msAt(latencies, 0.5),
    p99Ms: msAt(latencies, 0.99),
    maxMs: msAt(latencies, 1),
    requests: answered,
    errors: answered - expected + connectionErrors + timeouts,
    connectionErrors,
    timeouts,
    statusCodes,
    sendLateP99Ms: msAt(sendLate, 0.99),
    sendLateMaxMs: msAt(sendLate, 1),
  };
}
