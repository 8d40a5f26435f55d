import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import cookie from '@fastify/cookie';
import { json, makeApp, type TestApp } from '../helpers';
import { asStaff, newStaff, enrolToken } from './helpers';
import { registerStaffGate, type StaffRouteConfig } from '../../src/staff/plugin';
import { createGate } from '../../src/staff/audit/gate';
import { registerErrorHandler } from '../../src/http/errors';
import { buildApp } from '../../src/app';
import { dumpPglite } from '../../src/db/client';

/**
 * Every staff answer carries `Cache-Control: no-store` (a shared or browser cache must keep nothing of the console):
 * successes, refusals, errors, the 404 of an unknown /staff/api path and the console's pages.
 */
let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  // A built console page to serve, as `npm run build` writes it.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  const page = '<!doctype html><html><head><meta name="app-config" content="{}" /></head><body>page</body></html>';
  fs.writeFileSync(path.join(staticDir, 'index.html'), page);
  fs.writeFileSync(path.join(staticDir, 'staff.html'), page);
  t = await makeApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

test('every staff answer, whatever its status, is no-store', async () => {
  const reader = await newStaff(t, 'reader@college.edu', 'reader');
  const signIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      ...json({ email, password: 'Wrong-Password-2024!', code: '123456' }),
    });
  for (let i = 0; i < 5; i += 1) await signIn('locked@college.edu');
  const calls: [string, () => Promise<LightMyRequestResponse>, number][] = [
    ['settings', () => t.app.inject({ method: 'GET', url: '/staff/api/config' }), 200],
    ['own session', () => t.app.inject({ method: 'GET', url: '/staff/api/me', ...asStaff(reader.cookie) }), 200],
    ['no session', () => t.app.inject({ method: 'GET', url: '/staff/api/me' }), 401],
    ['not the role', () => t.app.inject({ method: 'GET', url: '/staff/api/accounts', ...asStaff(reader.cookie) }), 403],
    ['bad body', () => t.app.inject({ method: 'POST', url: '/staff/api/sign-in', ...json({}) }), 400],
    ['failed sign-in', () => signIn('nobody@college.edu'), 400],
    ['locked', () => signIn('locked@college.edu'), 429],
    ['unknown API path', () => t.app.inject({ method: 'GET', url: '/staff/api/nothing-here' }), 404],
    ['unknown API POST', () => t.app.inject({ method: 'POST', url: '/staff/api/nothing', ...json({}) }), 404],
    ['the API root', () => t.app.inject({ method: 'GET', url: '/staff/api' }), 404],
    ['console page', () => t.app.inject({ method: 'GET', url: '/staff' }), 200],
    ['console deep link', () => t.app.inject({ method: 'GET', url: '/staff/applicants?status=SUBMITTED' }), 200],
  ];
  const seen = [];
  for (const [what, call, status] of calls) {
    const res = await call();
    seen.push({ what, status: res.statusCode, cacheControl: res.headers['cache-control'] });
    expect({ what, status: res.statusCode }).toEqual({ what, status });
  }
  expect(seen.filter((s) => s.cacheControl !== 'no-store')).toEqual([]);
  // An applicant's page is not held to it (it has its own rule).
  expect((await t.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache');
});

test('a 5xx from the staff API is no-store: the server lacking its key, an error, an unaudited answer', async () => {
  // The server started again on this database with another authenticator key: enrolment answers 503.
  const other = await buildApp({
    ...t.config,
    ...(t.app.db.kind === 'pglite' ? { memoryDb: { loadDataDir: await dumpPglite(t.app.db) } } : {}),
    staff: { ...t.config.staff, totpKey: crypto.randomBytes(32) },
  });
  try {
    await other.staff.accounts.add({ email: 'new@college.edu', role: 'reader' }, { actor: 'cli' });
    const res = await other.inject({
      method: 'POST',
      url: '/staff/api/enrol/start',
      ...json({ token: enrolToken(t, 'new@college.edu') }),
    });
    expect({ status: res.statusCode, cacheControl: res.headers['cache-control'] }).toEqual({
      status: 503,
      cacheControl: 'no-store',
    });
  } finally {
    await other.close();
  }

  // A route that fails, and one that answers without writing its audit action (the gate's own 500).
  const app = Fastify();
  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(async (scope) => {
    registerStaffGate(scope, { gate: createGate(t.app.db), config: t.config.staff });
    const staff = (audit: StaffRouteConfig['audit']) => ({
      config: { staff: { permission: 'anyone', audit } satisfies StaffRouteConfig },
    });
    scope.get('/fails', staff('none'), async () => {
      throw new Error('broken');
    });
    scope.get('/forgets', staff('export'), async () => ({ rows: [] }));
  });
  for (const url of ['/fails', '/forgets']) {
    const res = await app.inject({ method: 'GET', url });
    expect({ url, status: res.statusCode, cacheControl: res.headers['cache-control'] }).toEqual({
      url,
      status: 500,
      cacheControl: 'no-store',
    });
  }
  await app.close();
});
