import { DEADLINE_PASSED_CODE } from '../../../src/kernel/messages';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import { formatCollegeTime } from '../../../src/kernel/time';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff, type EnrolledStaff } from '../staff/helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A local date and time in New York (the college's zone here) `ms` from now, as a datetime-local gives it. */
function newYorkLocal(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(Date.now() + ms)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

let t: TestApp;
let admin: EnrolledStaff;
let reader: EnrolledStaff;
const closesAt = new Date(Date.now() - DAY);

beforeAll(async () => {
  t = await makeApp({ deadline: { closesAt, graceMs: 5 * MINUTE } });
  admin = await newStaff(t, 'dean@college.edu', 'admin');
  reader = await newStaff(t, 'reader@college.edu', 'reader');
});
afterAll(() => t.close());

const staff = (who: EnrolledStaff, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/staff/api${url}`,
    ...asStaff(who.cookie, payload ?? (method === 'GET' ? undefined : {})),
  });
const submit = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/submit', headers: { cookie, 'content-type': 'application/json' } });

async function lateApplicant(username: string) {
  const cookie = await newApplicant(t, username);
  await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, requiredAnswers(), 'PUT') });
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  return { cookie, id: rows[0].id };
}

it('an admin reopens one applicant’s Submit until a time they choose: that applicant alone may submit', async () => {
  const one = await lateApplicant('reopened@example.com');
  const other = await lateApplicant('still-closed@example.com');
  expect((await submit(one.cookie)).json().code).toBe(DEADLINE_PASSED_CODE);

  const until = newYorkLocal(2 * DAY);
  const res = await staff(admin, 'PUT', `/applicants/${one.id}/reopening`, { until });
  expect(res.statusCode).toBe(200);
  expect((await auditRows(t)).at(-1)).toEqual(
    expect.objectContaining({
      actor: 'dean@college.edu',
      action: 'submit-reopened',
      target: applicationIdOf(one.id),
      detail: expect.stringMatching(new RegExp(`^until ${until} America/New_York \\(\\d{4}-.+Z\\)$`)),
    }),
  );

  // The applicant's page learns it, and the console shows it with the deadline.
  const deadline = (await t.app.inject({ method: 'GET', url: '/api/deadline', ...asUser(one.cookie) })).json();
  expect(deadline.closesAt).toBe(closesAt.toISOString());
  expect(new Date(deadline.reopenedUntil).getTime()).toBeGreaterThan(Date.now() + DAY);
  expect(res.json().message).toBe(
    `Submit reopened for this applicant until ${formatCollegeTime(deadline.reopenedUntil, 'America/New_York')}.`,
  );
  const detail = (await staff(reader, 'GET', `/applicants/${one.id}`)).json();
  expect(detail.deadline).toEqual({
    closesAt: closesAt.toISOString(),
    graceMinutes: 5,
    reopening: { until: deadline.reopenedUntil, by: 'dean@college.edu', at: expect.any(String) },
  });

  expect((await submit(other.cookie)).statusCode).toBe(403);
  const accepted = await submit(one.cookie);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toEqual({ message: 'Your application was successfully submitted.' });
});

it('a withdrawn reopening closes Submit again, and is in the log', async () => {
  const who = await lateApplicant('withdrawn@example.com');
  expect((await staff(admin, 'PUT', `/applicants/${who.id}/reopening`, { until: newYorkLocal(DAY) })).statusCode).toBe(
    200,
  );
  const res = await staff(admin, 'DELETE', `/applicants/${who.id}/reopening`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: STAFF_MESSAGES.reopenWithdrawn });
  expect((await auditRows(t)).at(-1)).toEqual(
    expect.objectContaining({
      action: 'submit-reopen-withdrawn',
      target: applicationIdOf(who.id),
      detail: expect.stringMatching(/^was until \d{4}-.+Z$/),
    }),
  );
  expect((await submit(who.cookie)).json().code).toBe(DEADLINE_PASSED_CODE);
  expect((await staff(reader, 'GET', `/applicants/${who.id}`)).json().deadline.reopening).toBeNull();

  // Nothing left to withdraw: refused, and no row is written.
  const rows = (await auditRows(t)).length;
  const again = await staff(admin, 'DELETE', `/applicants/${who.id}/reopening`);
  expect(again.statusCode).toBe(404);
  expect(again.json().message).toBe(STAFF_MESSAGES.notReopened);
  expect(await auditRows(t)).toHaveLength(rows);
});

it('a reopening that has ended (and its grace) closes Submit again', async () => {
  const who = await lateApplicant('ended@example.com');
  await t.app.db.query('INSERT INTO deadline_reopenings (user_id, until, reopened_by) VALUES ($1, $2, $3)', [
    who.id,
    new Date(Date.now() - 6 * MINUTE).toISOString(),
    'dean@college.edu',
  ]);
  expect((await submit(who.cookie)).json().code).toBe(DEADLINE_PASSED_CODE);
  // Within the grace after its end, a submit is still taken.
  await t.app.db.query('UPDATE deadline_reopenings SET until = $2 WHERE user_id = $1', [
    who.id,
    new Date(Date.now() - 2 * MINUTE).toISOString(),
  ]);
  expect((await submit(who.cookie)).statusCode).toBe(200);
});

it('is for admins only: a reader is refused, and the refusal is in the log', async () => {
  const who = await lateApplicant('reader-tries@example.com');
  const res = await staff(reader, 'PUT', `/applicants/${who.id}/reopening`, { until: newYorkLocal(DAY) });
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(STAFF_MESSAGES.forbidden);
  expect((await auditRows(t)).at(-1)).toEqual(
    expect.objectContaining({ action: 'access-refused', detail: 'needs deadline-reopen, has reader' }),
  );
  expect((await staff(reader, 'DELETE', `/applicants/${who.id}/reopening`)).statusCode).toBe(403);
  expect((await submit(who.cookie)).statusCode).toBe(403);
});

it.each([
  ['tomorrow', { until: 'tomorrow' }, 400, 'Invalid request: until must match pattern'],
  ['a time the clocks skip', { until: '2027-03-14T02:30' }, 400, STAFF_MESSAGES.reopenTimeInvalid],
  ['30 February', { until: '2027-02-30T12:00' }, 400, STAFF_MESSAGES.reopenTimeInvalid],
  ['a past time', { until: newYorkLocal(-2 * MINUTE) }, 400, STAFF_MESSAGES.reopenInPast],
  ['no time', {}, 400, "Invalid request: body must have required property 'until'."],
])('refuses %s, writing no row', async (_what, body, status, message) => {
  const who = await lateApplicant(`bad-${Math.random().toString(36).slice(2)}@example.com`);
  const rows = (await auditRows(t)).length;
  const res = await staff(admin, 'PUT', `/applicants/${who.id}/reopening`, body);
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toContain(message);
  expect(await auditRows(t)).toHaveLength(rows);
});

it('refuses an applicant who does not exist', async () => {
  const missing = await staff(admin, 'PUT', '/applicants/999999/reopening', { until: newYorkLocal(DAY) });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe('There is no applicant with this id.');
});

describe('before the deadline', () => {
  let early: TestApp;
  let dean: EnrolledStaff;
  beforeAll(async () => {
    early = await makeApp({ deadline: { closesAt: new Date(Date.now() + 2 * DAY), graceMs: 0 } });
    dean = await newStaff(early, 'dean@college.edu', 'admin');
  });
  afterAll(() => early.close());

  it('a reopening must end after the deadline; one that does extends it for that applicant', async () => {
    await newApplicant(early, 'ahead@example.com');
    const { rows } = await early.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
      'ahead@example.com',
    ]);
    const reopen = (until: string) =>
      early.app.inject({
        method: 'PUT',
        url: `/staff/api/applicants/${rows[0].id}/reopening`,
        ...asStaff(dean.cookie, { until }),
      });
    const before = await reopen(newYorkLocal(DAY));
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(STAFF_MESSAGES.reopenBeforeDeadline);
    expect((await reopen(newYorkLocal(3 * DAY))).statusCode).toBe(200);
  });
});

describe('without a deadline', () => {
  let none: TestApp;
  let dean: EnrolledStaff;
  beforeAll(async () => {
    none = await makeApp();
    dean = await newStaff(none, 'dean@college.edu', 'admin');
  });
  afterAll(() => none.close());

  it('there is nothing to reopen, and the applicant page says there is no deadline', async () => {
    await newApplicant(none, 'free@example.com');
    const { rows } = await none.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
      'free@example.com',
    ]);
    const res = await none.app.inject({
      method: 'PUT',
      url: `/staff/api/applicants/${rows[0].id}/reopening`,
      ...asStaff(dean.cookie, { until: newYorkLocal(DAY) }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STAFF_MESSAGES.noDeadline, code: 'NoDeadline' });
    const detail = await none.app.inject({
      method: 'GET',
      url: `/staff/api/applicants/${rows[0].id}`,
      ...asStaff(dean.cookie),
    });
    expect(detail.json().deadline).toBeNull();
  });
});
