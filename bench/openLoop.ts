/**
 * An open-loop load: requests leave at a fixed rate whatever the pace of the answers, and each one's latency counts
 * from the moment it was due, not from when a connection became free. autocannon's closed loop (each connection
 * sends its next request when the last is answered) cannot say what an applicant waits at a given load: with 100
 * connections always busy, its mean latency is 100 ÷ the rate it reaches (Little's law), whatever the server does,
 * and a stall slows the load down instead of showing in the figures (coordinated omission).
 *
 * Up to `sessions` requests are in flight, one keep-alive connection each; request i carries session i mod
 * `sessions`'s cookie. A request still waiting for a connection is late already: that wait is in its latency.
 *
 * The generator shares the machine's two cores with the server and the database, so whatever CPU it spends per
 * request is taken from what it measures. It is built as wrk2 is, not on node:http (whose ClientRequest,
 * IncomingMessage, agent and header parsing cost several times more per request): each session's request is built
 * once as bytes and written on a plain keep-alive socket, and an answer is read only as far as its status line and
 * its length (`readAnswer`).
 */
import net from 'node:net';
import { LOAD_TIMEOUT_S, percentile, round, sleep } from './common';
import type { LoadRun, LoadSpec } from './load';

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

const HEAD_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');
const NOTHING = Buffer.alloc(0);

/**
 * The status and length of the first HTTP/1.1 answer in `bytes`, once all of it has arrived (undefined before):
 * a Content-Length body, a chunked one (up to its last chunk; no trailers), or none.
 */
export function readAnswer(bytes: Buffer): { status: number; length: number } | undefined {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = bytes.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + HEAD_END.length;
  const contentLength = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (contentLength) {
    const length = bodyStart + Number(contentLength[1]);
    return bytes.length >= length ? { status, length } : undefined;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    // The head's own last CRLF stands before the first chunk, so an empty body is found too.
    const last = bytes.indexOf(LAST_CHUNK, headEnd);
    return last < 0 ? undefined : { status, length: last + LAST_CHUNK.length };
  }
  return { status, length: bodyStart };
}

/** One keep-alive connection and the request it carries (dueAt undefined: free). */
interface Slot {
  socket: net.Socket | undefined;
  dueAt: number | undefined;
  /** The request's index (its session is index mod the cookies). */
  index: number;
  received: Buffer;
  timedOut: boolean;
}

export async function openLoop(
  baseUrl: string,
  spec: LoadSpec & { cookies: string[] },
  sessions: number,
  targetPerSec: number,
  seconds: number,
  /** Hears of each request's end: its session's index and its status (undefined: no answer, or a time-out). */
  onAnswer: (session: number, status: number | undefined) => void = () => {},
): Promise<OpenLoopRun> {
  const url = new URL(spec.path, baseUrl);
  const port = Number(url.port || 80);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  // Each session's request, built once.
  const requests = spec.cookies.map((cookie) => {
    const head = [
      `${spec.method} ${url.pathname}${url.search} HTTP/1.1`,
      `host: ${url.host}`,
      `cookie: ${cookie}`,
      ...(body ? ['content-type: application/json', `content-length: ${body.length}`] : []),
      '',
      '',
    ].join('\r\n');
    return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
  });

  const latencies: number[] = [];
  const sendLate: number[] = [];
  const statusCodes: Record<string, number> = {};
  let connectionErrors = 0;
  let timeouts = 0;
  let finished = 0;
  const total = Math.round(targetPerSec * seconds);
  let allFinished: () => void = () => {};
  const done = new Promise<void>((resolve) => (allFinished = resolve));

  // Requests due while every connection was busy, oldest first (each as its index and due time).
  const waiting: Array<{ index: number; dueAt: number }> = [];
  let waitingHead = 0;
  const free: Slot[] = [];

  const finish = (slot: Slot) => {
    slot.dueAt = undefined;
    slot.received = NOTHING;
    finished++;
    if (finished === total) allFinished();
    const next = waitingHead < waiting.length ? waiting[waitingHead++] : undefined;
    if (next) send(slot, next.index, next.dueAt);
    else free.push(slot);
  };

  const connect = (slot: Slot) => {
    const socket = net.connect({ host: url.hostname, port, noDelay: true });
    socket.setTimeout(LOAD_TIMEOUT_S * 1000);
    socket.on('data', (chunk: Buffer) => {
      if (slot.dueAt === undefined) return;
      slot.received = slot.received.length === 0 ? chunk : Buffer.concat([slot.received, chunk]);
      const answer = readAnswer(slot.received);
      if (!answer) return;
      latencies.push(performance.now() - slot.dueAt);
      const code = String(answer.status);
      statusCodes[code] = (statusCodes[code] ?? 0) + 1;
      onAnswer(slot.index % requests.length, answer.status);
      finish(slot);
    });
    socket.on('timeout', () => {
      if (slot.dueAt === undefined) return;
      slot.timedOut = true;
      socket.destroy();
    });
    socket.on('error', () => {}); // 'close' follows, and counts it.
    socket.on('close', () => {
      if (slot.socket === socket) slot.socket = undefined;
      if (slot.dueAt === undefined) return;
      // A request whose connection ended before its answer: a time-out if we ended it for that, else an error.
      if (slot.timedOut) timeouts++;
      else connectionErrors++;
      slot.timedOut = false;
      onAnswer(slot.index % requests.length, undefined);
      finish(slot);
    });
    return socket;
  };

  function send(slot: Slot, index: number, dueAt: number) {
    slot.dueAt = dueAt;
    slot.index = index;
    slot.socket ??= connect(slot);
    slot.socket.write(requests[index % requests.length]);
  }

  for (let i = 0; i < sessions; i++)
    free.push({ socket: undefined, dueAt: undefined, index: 0, received: NOTHING, timedOut: false });

  const intervalMs = 1000 / targetPerSec;
  const start = performance.now();
  let sent = 0;
  // Every millisecond or so, sends whatever has come due: a late tick sends the overdue ones at once, each timed
  // from when it was due.
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * intervalMs <= now) {
      const dueAt = start + sent * intervalMs;
      sendLate.push(now - dueAt);
      const slot = free.pop();
      if (slot) send(slot, sent, dueAt);
      else waiting.push({ index: sent, dueAt });
      sent++;
    }
    await sleep(1);
  }
  if (total > 0) await done;
  const elapsedS = (performance.now() - start) / 1000;
  for (const slot of free) slot.socket?.destroy();

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
