/**
 * Development: the API server (tsx watch, restarts on change) and webpack-dev-server (hot reload, proxies the API
 * paths to it) side by side. Open http://localhost:3000 (DEV_PORT). When either exits, or on Ctrl-C, both stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const apiPort = process.env.API_PORT || '3001';
const devPort = process.env.DEV_PORT || '3000';
const bin = (name: string) => path.resolve('node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    // STATIC_DIR points at a folder that does not exist, so the server serves only the API and the dev server
    // serves the SPA from memory (no stale dist/ build shadowing it).
    // PUBLIC_URL: links in mails (password reset) must open the dev server, which serves the pages.
    env: {
      ...process.env,
      PORT: apiPort,
      STATIC_DIR: path.resolve('data', 'no-spa-in-dev'),
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${devPort}`,
    },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, DEV_PORT: devPort },
  }),
];

let stopping = false;
function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  process.exitCode = exitCode;
}

for (const child of children) {
  child.on('exit', (code, signal) => stopAll(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(error);
    stopAll(1);
  });
}
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
