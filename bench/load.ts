/**
 * A load on one route and what it measured: the closed-loop runs of the server area (server.ts, autocannon) and
 * the open-loop runs of its capacity search (openLoop.ts, serverCapacity.ts) share these shapes.
 */

/** What a load sends: one route, its body, a session cookie per connection, and the status it expects. */
export interface LoadSpec {
  route: string;
  method: 'GET' | 'PUT';
  path: string;
  body?: string;
  cookies?: string[];
  expectedStatus: number;
}

/** What a load measured on one route. */
export interface LoadRun {
  route: string;
  connections: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  maxMs: number;
  /** Responses other than the expected status, plus connection errors and timeouts. */
  errors: number;
  /** Of which: connection errors and requests that got no answer within 10 s. */
  connectionErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}
