import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_START_ARGS, withoutDeploymentSettings } from '../../../scripts/serverCommand.mjs';
import { freePort } from '../../../testing/freePort';

/**
 * SIGTERM turns /readyz to 503 at once, while the server still answers everything else for SHUTDOWN_DELAY_MS (so a
 * load balancer polling /readyz stops sending before the drain), then it drains and exits 0.
 */
const ROOT = path.resolve(__dirname, '../../..');
let dataDir: string;
let child: ChildProcess;
let port: number;
const base = () => `http://127.0.0.1:${port}`;
const get = (url: string) =>
  fetch(`${base()}${url}`).then(
    async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
    () => ({ status: 0, body: null }),
  );

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  port = await freePort();
  child = spawn(process.execPath, SERVER_START_ARGS, {
    cwd: ROOT,
    env: {
      ...withoutDeploymentSettings(process.env),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
      // Long enough for the test to see the server still serving while it says it is not ready.
      SHUTDOWN_DELAY_MS: '4000',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300 && (await get('/readyz')).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
}, 60_000);
afterAll(() => {
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('SIGTERM: /readyz answers 503 (shutting-down) while the server still serves, then it drains and exits 0', async () => {
  expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ok' } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  let ready = await get('/readyz');
  for (let i = 0; i < 50 && ready.status === 200; i++) {
    await new Promise((r) => setTimeout(r, 20));
    ready = await get('/readyz');
  }
  expect(ready).toEqual({ status: 503, body: { status: 'unavailable', failing: 'shutting-down' } });
  // Still serving: the drain has not begun.
  expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  expect((await get('/api/profile')).status).toBe(401);
  expect(await exited).toBe(0);
}, 60_000);
