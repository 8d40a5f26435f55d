import { DEADLINE_PASSED_CODE } from '../../../src/kernel/messages';
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import type { DeadlineConfig } from '../../src/config';
import { asUser, newApplicant, type TestApp } from '../helpers';
import { asStaff, newStaff } from '../staff/helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * The deadline on two instances of one PostgreSQL database: a reopening made through one lets the applicant submit
 * through the other, and a submit is judged by when it arrived, however long the instance then takes to answer it.
 */
let a: TestApp;
let b: TestApp;
let instances: TestApp[];
// Both instances read this object when a submit arrives: each test sets the close relative to its own start.
const deadline: DeadlineConfig = { closesAt: new Date(Date.now() + 3_600_000), graceMs: 0 };

beforeAll(async () => {
  instances = await startInstances(2, { deadline });
  [a, b] = instances;
});
afterAll(() => stopInstances(instances));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const submit = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/submit', headers: { cookie, 'content-type': 'application/json' } });

async function readyApplicant(t: TestApp, username: string) {
  const cookie = await newApplicant(t, username);
  const saved = await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, requiredAnswers(), 'PUT') });
  expect(saved.statusCode).toBe(200);
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  return { cookie, id: rows[0].id };
}

it('a submit that arrived before the close is accepted, though it is answered after it', async () => {
  const slow = await readyApplicant(a, 'slow@example.com');
  const late = await readyApplicant(a, 'late@example.com');
  deadline.closesAt = new Date(Date.now() + 1_500);

  // Hold the sessions table on one connection: the other instance's session lookup, and so its whole submit, waits.
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = a.app.db.transaction(async (tx) => {
    await tx.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  expect(Date.now()).toBeLessThan(deadline.closesAt.getTime());
  const pending = submit(b, slow.cookie);
  // It has arrived and waits for the lock…
  for (;;) {
    const { rows } = await a.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM sessions%'`,
    );
    if (rows[0].n > 0) break;
    await sleep(50);
  }
  // … until after the close.
  await sleep(Math.max(0, deadline.closesAt.getTime() - Date.now()) + 200);
  release();
  await held;

  const answered = await pending;
  expect(answered.statusCode).toBe(200);
  expect(answered.json()).toEqual({ message: 'Your application was successfully submitted.' });
  // One that arrives now is refused, on either instance.
  expect((await submit(b, late.cookie)).json().code).toBe(DEADLINE_PASSED_CODE);
  expect((await submit(a, late.cookie)).statusCode).toBe(403);
});

it('a reopening made through one instance lets the applicant submit through the other', async () => {
  deadline.closesAt = new Date(Date.now() - 60_000);
  const who = await readyApplicant(a, 'reopened@example.com');
  const dean = await newStaff(a, 'dean@college.edu', 'admin');
  expect((await submit(b, who.cookie)).statusCode).toBe(403);

  const until = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
  const reopened = await a.app.inject({
    method: 'PUT',
    url: `/staff/api/applicants/${who.id}/reopening`,
    ...asStaff(dean.cookie, { until }),
  });
  expect(reopened.statusCode).toBe(200);
  const seen = await b.app.inject({ method: 'GET', url: '/api/deadline', ...asUser(who.cookie) });
  expect(seen.json().reopenedUntil).not.toBeNull();

  const accepted = await submit(b, who.cookie);
  expect(accepted.statusCode).toBe(200);
});
