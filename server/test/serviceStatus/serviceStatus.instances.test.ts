import os from 'node:os';
import { runAdmin } from '../../src/cli';
import { MAINTENANCE_MESSAGE } from '../../../src/kernel/serviceStatus/messages';
import { MAINTENANCE_CODE } from '../../../src/kernel/serviceStatus/rules';
import { asUser, newApplicant, type TestApp } from '../helpers';
import { auditRows } from '../staff/helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * The operator's notice and maintenance mode on two instances of one PostgreSQL database: what is set through one
 * (its admin API, or the admin CLI on the database itself) the other serves within seconds (each reads the database
 * at most every serviceStatusCacheMs, 2 s by default, the value used here).
 */
jest.setTimeout(120_000);

const ADMIN = 'i'.repeat(40);
let a: TestApp;
let b: TestApp;
let instances: TestApp[];
let cookie: string;

beforeAll(async () => {
  instances = await startInstances(2, { adminApiToken: ADMIN });
  [a, b] = instances;
  cookie = await newApplicant(a, 'both@example.com');
});
afterAll(() => stopInstances(instances));

const admin = (t: TestApp, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    payload,
  });
const statusOn = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/public/service-status' })).json();
const save = (t: TestApp, answer: object) =>
  t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, answer, 'PUT') });

/** Waits (up to 15 s: the cache holds 2 s) until `check` gives what `expected` matches. */
async function eventually<T>(check: () => Promise<T>, expected: unknown): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    try {
      expect(value).toEqual(expected);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('a notice set through one instance is served by the other, and so is its clearing', async () => {
  expect(await statusOn(b)).toEqual({ notice: null, maintenance: false });
  expect((await admin(a, '/admin/notice', { text: 'Open late tonight.' })).statusCode).toBe(200);
  // The instance that set it serves it at once; the other within its cache's time.
  expect(await statusOn(a)).toEqual({ notice: 'Open late tonight.', maintenance: false });
  await eventually(() => statusOn(b), { notice: 'Open late tonight.', maintenance: false });
  await admin(b, '/admin/notice/clear', {});
  await eventually(() => statusOn(a), { notice: null, maintenance: false });
});

it('maintenance switched on through one instance refuses changes on the other; off again, both take them', async () => {
  expect((await save(b, { city: 'Troy' })).statusCode).toBe(200);
  await admin(a, '/admin/maintenance', { on: true });
  // Until b's cache lapses it still takes changes: ask with one that does not matter here (the last page).
  await eventually(
    async () => {
      const res = await b.app.inject({
        method: 'PUT',
        url: '/api/last-page',
        ...asUser(cookie, { last_page: '/education' }, 'PUT'),
      });
      return { status: res.statusCode, body: res.json() };
    },
    { status: 503, body: { message: MAINTENANCE_MESSAGE, code: MAINTENANCE_CODE } },
  );
  for (const t of [a, b]) expect((await save(t, { city: 'Albany' })).statusCode).toBe(503);
  // Reads go on, on both.
  for (const t of [a, b]) {
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
    expect(profile.json().answer.city).toBe('Troy');
  }
  await admin(b, '/admin/maintenance', { on: false });
  await eventually(async () => (await save(a, { city: 'Albany' })).statusCode, 200);
  await eventually(async () => (await statusOn(a)).maintenance, false);
  expect((await save(b, { city: 'Albany' })).statusCode).toBe(200);
});

it('the admin CLI, on the shared database itself, switches every instance', async () => {
  const env = {
    DATABASE_URL: process.env.INSTANCES_DATABASE_URL,
    DATABASE_SCHEMA: a.config.databaseSchema,
    DATA_DIR: a.config.dataDir,
    FILES_DIR: a.config.filesDir,
    LOG_LEVEL: 'silent',
  };
  expect(await runAdmin(['notice', 'Back', 'at', 'nine.'], env)).toBe(
    'Every applicant page shows this notice within a minute:\nBack at nine.',
  );
  expect(await runAdmin(['maintenance', 'on'], env)).toBe(
    "Maintenance is on: applicants' changes are refused (503) and their pages say so; reads keep working.",
  );
  for (const t of [a, b]) {
    await eventually(() => statusOn(t), { notice: 'Back at nine.', maintenance: true });
    expect((await save(t, { city: 'Utica' })).statusCode).toBe(503);
  }
  expect(await runAdmin(['maintenance', 'off'], env)).toBe("Maintenance is off: applicants' changes are accepted.");
  expect(await runAdmin(['notice', '--clear'], env)).toBe(
    'The notice was cleared: applicant pages stop showing it within a minute.',
  );
  for (const t of [a, b]) await eventually(() => statusOn(t), { notice: null, maintenance: false });
  const actor = `cli:${os.userInfo().username}`;
  const rows = (await auditRows(b)).filter((r) => r.actor === actor).map((r) => r.action);
  expect(rows).toEqual(['notice-set', 'maintenance-on', 'maintenance-off', 'notice-cleared']);
});
