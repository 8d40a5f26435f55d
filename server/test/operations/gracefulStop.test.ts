import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../testing/freePort';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SERVER_START_ARGS, withoutDeploymentSettings } from '../../../scripts/serverCommand.mjs';

/**
 * The server as `npm start` runs it (Node itself, TypeScript loaded by tsx's hook, no wrapper process): SIGTERM
 * lets the requests in flight finish before it exits, so a rolling restart drops no save. (Through the tsx
 * wrapper the child was killed ~60 ms after the signal, resetting saves in flight.)
 */
const ROOT = path.resolve(__dirname, '../../..');
let dataDir: string;
let child: ChildProcess;
let port: number;
const base = () => `http://127.0.0.1:${port}`;

async function startServer() {
  child = spawn(process.execPath, SERVER_START_ARGS, {
    cwd: ROOT,
    env: {
      ...withoutDeploymentSettings(process.env),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i += 1) {
    const up = await fetch(`${base()}/api/profile`).then(
      (r) => r.status === 401,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const post = (url: string, body: object, cookie = '') =>
  fetch(`${base()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-'));
  port = await freePort();
  await startServer();
}, 60_000);
afterAll(() => {
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('npm start runs the server this way', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(scripts.start).toMatch(new RegExp(`&& node ${SERVER_START_ARGS.join(' ')}$`));
  // After the check that LibreOffice is installed (scripts/ensure-debian.mjs), the last step is the server itself.
  expect(scripts.server).toBe(`node scripts/ensure-debian.mjs libreoffice && node ${SERVER_START_ARGS.join(' ')}`);
});

it('SIGTERM: a save whose body is still arriving completes (200), then the server exits 0', async () => {
  const username = 'drain@example.com';
  const password = 'Maple-Syrup-2024!';
  expect((await post('/public/signup', { username, password })).status).toBe(201);
  // The mail is written just after the answer.
  const outbox = path.join(dataDir, 'outbox');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    if (!fs.existsSync(outbox)) continue;
    const mail = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .join('');
    code = mail.match(/confirmation code is (\d{6})/)?.[1];
  }
  if (!code) throw new Error('no confirmation code mailed');
  expect((await post('/public/confirm', { username, code })).status).toBe(200);
  const login = await post('/public/login', { username, password });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const body = JSON.stringify({ first_name: 'Ada', city: 'Troy' });
  const answered = new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${base()}/api/answer`,
      {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    // The rest arrives after the signal.
    setTimeout(() => {
      child.kill('SIGTERM');
      setTimeout(() => request.end(body.slice(10)), 300);
    }, 200);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  expect(await answered).toBe(200);
  expect(await exited).toBe(0);

  // The restart on the same embedded database starts at once, and the save is there.
  await startServer();
  const profile = await fetch(`${base()}/api/profile`, {
    headers: {
      cookie: (await post('/public/login', { username, password })).headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    },
  });
  expect((await profile.json()).answer).toEqual({ first_name: 'Ada', city: 'Troy' });
}, 60_000);
