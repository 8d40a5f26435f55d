import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { IDENTITY_MESSAGES, LIMITS } from '../../src/identity/service';
import { LOGIN_BACKOFF } from '../../src/identity/loginBackoff';
import {
  asUser,
  confirm,
  json,
  latestResetLink,
  logIn,
  newApplicant,
  PASSWORD,
  settled,
  signUp,
  type TestApp,
} from '../helpers';
import { startInstances, stopInstances } from '../support/instances';
import { assertSharedFilesDir, FILES_MARKER } from '../../src/documents/sharedFiles';

/**
 * Several instances behave as one (a college's deployment behind a load balancer): two instances of the server on
 * one real PostgreSQL database. What one instance does, the other sees; what an attacker sends in parallel, split
 * over both, gains nothing.
 */
let a: TestApp;
let b: TestApp;
let instances: TestApp[];

beforeAll(async () => {
  instances = await startInstances(2);
  [a, b] = instances;
});
afterAll(() => stopInstances(instances));

const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, ...json(payload) });

it('a session made on one instance works on the other; logout on the other ends it on both', async () => {
  const cookie = await newApplicant(a, 'roaming@example.com');
  expect((await b.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);
  expect((await b.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode).toBe(200);
  expect((await a.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
});

it('saves go to either instance; a save based on an old version gets 409 with the other instance’s answers', async () => {
  const cookie = await newApplicant(a, 'saver@example.com');
  const put = (t: TestApp, answer: object, version?: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, 'content-type': 'application/json', ...(version ? { 'if-match': `"${version}"` } : {}) },
      payload: answer,
    });
  const first = await put(a, { first_name: 'Ada' });
  expect(first.statusCode).toBe(200);
  const version = first.json().version as number;
  expect((await put(b, { first_name: 'Ada', city: 'Troy' }, version)).statusCode).toBe(200);
  const stale = await put(a, { first_name: 'Augusta' }, version);
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ code: 'VersionConflict', answer: { first_name: 'Ada', city: 'Troy' } });
  const profile = await a.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
  expect(profile.json().answer).toEqual({ first_name: 'Ada', city: 'Troy' });
});

it('100 wrong passwords in parallel over both instances lock the account as 5 in a row do', async () => {
  await newApplicant(a, 'target@example.com');
  const guesses = await Promise.all(
    Array.from({ length: 100 }, (_, i) => logIn(i % 2 ? a : b, 'target@example.com', `Wrong-Guess-${i}-2026!`)),
  );
  const checked = guesses.filter((r) => r.statusCode === 400);
  const refused = guesses.filter((r) => r.statusCode === 429);
  // Only the attempts before the lock had their password checked; every other one was refused unchecked.
  expect(checked.length).toBeLessThanOrEqual(LOGIN_BACKOFF.failuresBeforeBackoff);
  expect(checked.length + refused.length).toBe(100);
  expect(refused[0].json().message).toMatch(/^Too many failed attempts\. Please try again in \d+ minutes? or reset/);
  // The right password is refused too while the lock lasts.
  const right = await logIn(b, 'target@example.com', PASSWORD);
  expect(right.statusCode).toBe(429);
});

it('confirmation codes: 40 parallel guesses over both instances get at most the hourly 15 checks', async () => {
  expect((await signUp(a, 'codes@example.com')).statusCode).toBe(201);
  const guesses = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      post(i % 2 ? a : b, '/public/confirm', { username: 'codes@example.com', code: String(100000 + i) }),
    ),
  );
  const checked = guesses.filter((r) => r.statusCode === 400 && r.json().message === IDENTITY_MESSAGES.codeWrong);
  expect(checked.length).toBeLessThanOrEqual(LIMITS.confirmAttemptsPerHour);
  expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(40 - checked.length);
  // The limit holds for the right code as well.
  expect((await confirm(b, 'codes@example.com')).statusCode).toBe(429);
});

it('when one reset link is used, an older unused one of the same account no longer resets the password', async () => {
  await newApplicant(a, 'twolinks@example.com');
  await post(a, '/public/forgot-password', { username: 'twolinks@example.com' });
  await settled(a);
  const older = latestResetLink(a.config, 'twolinks@example.com').searchParams.get('id')!;
  await post(b, '/public/forgot-password', { username: 'twolinks@example.com' });
  await settled(b);
  const newer = latestResetLink(a.config, 'twolinks@example.com').searchParams.get('id')!;
  expect(newer).not.toBe(older);
  const reset = (t: TestApp, id: string, password: string) =>
    post(t, '/public/reset-password', { username: 'twolinks@example.com', password, confirm_password: password, id });
  expect((await reset(b, newer, 'Newest-Password-2026!')).statusCode).toBe(200);
  const stale = await reset(a, older, 'Attacker-Choice-2026!');
  expect(stale.statusCode).toBe(400);
  expect(stale.json().message).toBe(IDENTITY_MESSAGES.resetLinkBad);
  expect((await logIn(a, 'twolinks@example.com', 'Newest-Password-2026!')).statusCode).toBe(200);
});

it('one reset link used twice at once, on both instances: one reset wins', async () => {
  await newApplicant(a, 'race@example.com');
  await post(a, '/public/forgot-password', { username: 'race@example.com' });
  await settled(a);
  const id = latestResetLink(a.config, 'race@example.com').searchParams.get('id')!;
  const results = await Promise.all(
    ['First-Password-2026!', 'Second-Password-2026!'].map((password, i) =>
      post(i ? b : a, '/public/reset-password', {
        username: 'race@example.com',
        password,
        confirm_password: password,
        id,
      }),
    ),
  );
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
});

describe('rate limits shared by the instances', () => {
  const LIMIT = 6;
  let limited: TestApp[];
  beforeAll(async () => {
    limited = await startInstances(2, { publicRateLimit: LIMIT });
  });
  afterAll(() => stopInstances(limited));

  it('two instances allow one address what one instance allows', async () => {
    const results = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) =>
        post(limited[i % 2], '/public/resend-confirm', { username: `nobody${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(LIMIT);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(LIMIT);
    expect(results.find((r) => r.statusCode === 429)!.json().message).toMatch(/^Too many requests\. Please wait/);
  });
});

it('four instances starting at once on an empty schema all start; each migration ran once', async () => {
  const fleet = await startInstances(4);
  try {
    const { rows } = await fleet[0].app.db.query<{ name: string; n: string }>(
      'SELECT name, count(*) AS n FROM schema_migrations GROUP BY name ORDER BY name',
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    for (const instance of fleet) {
      expect((await instance.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    }
  } finally {
    await stopInstances(fleet);
  }
});

it('an instance starting as another writes the folder’s marker waits for it instead of refusing', async () => {
  const starting = fs.mkdtempSync(path.join(os.tmpdir(), 'files-starting-'));
  try {
    const expected = fs.readFileSync(path.join(a.config.filesDir, FILES_MARKER), 'utf8');
    // The other instance has stored its id in the database and writes the file a moment later.
    const writer = setTimeout(() => fs.writeFileSync(path.join(starting, FILES_MARKER), expected), 1_000);
    // What a reader may find in between: the file is created empty, then written.
    fs.writeFileSync(path.join(starting, FILES_MARKER), '');
    try {
      await expect(assertSharedFilesDir(a.app.db, starting)).resolves.toBeUndefined();
    } finally {
      clearTimeout(writer);
    }
  } finally {
    fs.rmSync(starting, { recursive: true, force: true });
  }
});

it('an instance whose FILES_DIR the others do not share refuses to start, naming S3_BUCKET and FILES_DIR', async () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'files-elsewhere-'));
  try {
    await expect(
      buildApp(loadConfig({ DATABASE_URL: a.config.databaseUrl }, { ...a.config, filesDir: elsewhere })),
    ).rejects.toThrow(
      /FILES_DIR \(.*\) is not the documents folder the other instances on this database use: .* is missing .*set S3_BUCKET .* or point FILES_DIR at one folder they all mount/,
    );
    // The instances that share the folder keep working.
    expect((await b.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});
