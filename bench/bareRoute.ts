/**
 * The floor of a save over HTTP on this machine (information, no budget): the bare route (bareRouteServer.ts) in a
 * process of its own (as many as the server runs, under a primary), loaded like PUT /api/answer. What it loses
 * against the statement alone is what any Node HTTP server loses here (parsing and answering HTTP, the load
 * generator sharing the two cores), so it says whether a budget on PUT /api/answer ÷ the statement alone is within
 * any server's reach; PUT /api/answer ÷ the bare route is then what our own stack (hooks, the session cookie, the
 * body's parse and checks, headers) costs.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { BareRouteStart } from './bareRouteServer';
import { ROOT } from './common';

export const BARE_ROUTE = 'PUT /save, bare Fastify (the save statement, no hook, parse or check)';

export interface BareRoute {
  baseUrl: string;
  /** One per applicant: connection i names applicant i. */
  cookies: string[];
  stop(): Promise<void>;
}

export async function startBareRoute(start: BareRouteStart): Promise<BareRoute> {
  const child = fork(path.join(ROOT, 'bench', 'bareRouteServer.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare route exited (code ${code}) before it listened`)));
    child.send(start);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cookies: Array.from({ length: start.sessions }, (_, i) => `applicant=${i}`),
    async stop() {
      // Gone already (it crashed): nothing to ask.
      if (child.connected) child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
