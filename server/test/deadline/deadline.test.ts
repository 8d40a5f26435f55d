import { DEADLINE_PASSED_CODE } from '../../../src/kernel/messages';
import { DEADLINE_PASSED } from '../../../src/kernel/deadline/messages';
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import { createDeadline } from '../../src/deadline/rule';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';

const MINUTE = 60_000;
const COMPLETE = requiredAnswers();

const call = (t: TestApp, cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...asUser(cookie, payload, method) });
// POST with no body at all, as the SPA sends it (SPEC §7).
const submit = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/submit', headers: { cookie, 'content-type': 'application/json' } });
const submittedAt = async (t: TestApp, username: string) =>
  (
    await t.app.db.query<{ submitted_at: Date | null }>(
      'SELECT a.submitted_at FROM applications a JOIN users u ON u.id = a.user_id WHERE u.username = $1',
      [username],
    )
  ).rows[0]?.submitted_at ?? null;

/** An applicant whose answers are complete: only the deadline can refuse their Submit. */
async function readyApplicant(t: TestApp, username: string) {
  const cookie = await newApplicant(t, username);
  expect((await call(t, cookie, 'PUT', '/api/answer', COMPLETE)).statusCode).toBe(200);
  return cookie;
}

describe('after the deadline', () => {
  let t: TestApp;
  const closesAt = new Date(Date.now() - 60 * MINUTE);
  beforeAll(async () => {
    t = await makeApp({ deadline: { closesAt, graceMs: 0 } });
  });
  afterAll(() => t.close());

  it('refuses Submit with 403 and the kernel’s words and code, and submits nothing', async () => {
    const cookie = await readyApplicant(t, 'late@example.com');
    const res = await submit(t, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: DEADLINE_PASSED, code: DEADLINE_PASSED_CODE });
    expect(await submittedAt(t, 'late@example.com')).toBeNull();
    const statuses = (await call(t, cookie, 'GET', '/api/profile')).json().web_status;
    expect(statuses).not.toContainEqual({ web_status: 'submitted' });
  });

  it('refuses it before the answers are checked: a late applicant learns of the deadline, not of blanks', async () => {
    const cookie = await newApplicant(t, 'late-and-blank@example.com');
    const res = await submit(t, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(DEADLINE_PASSED_CODE);
  });

  it('still saves answers, accepts uploads and reads the profile: the answers stay the applicant’s', async () => {
    const cookie = await readyApplicant(t, 'keeps@example.com');
    const saved = await call(t, cookie, 'PUT', '/api/answer', { ...COMPLETE, middle_name: 'Ada' });
    expect(saved.statusCode).toBe(200);
    expect((await call(t, cookie, 'GET', '/api/profile')).json().answer.middle_name).toBe('Ada');
    const presign = await call(t, cookie, 'POST', '/api/presigned-url', { answer_key: 'personal_statement_doc' });
    expect(presign.statusCode).toBe(200);
    expect(presign.json()).toEqual({
      url: expect.any(String),
      fields: expect.objectContaining({ key: expect.any(String) }),
    });
  });

  it('tells the applicant when Submit closed, and that it is not reopened for them', async () => {
    const cookie = await newApplicant(t, 'asks@example.com');
    const res = await call(t, cookie, 'GET', '/api/deadline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closesAt: closesAt.toISOString(), reopenedUntil: null });
    // Only for a session: a visitor learns the deadline from the page itself.
    expect((await t.app.inject({ method: 'GET', url: '/api/deadline' })).statusCode).toBe(401);
  });

  it('judges a submit by when it arrived, not by when it is checked', async () => {
    const rule = createDeadline(t.app.db, { closesAt, graceMs: 0 });
    // Checked an hour after the close, it arrived a moment before: accepted.
    await expect(rule.admitSubmit(1, new Date(closesAt.getTime() - 1))).resolves.toBeUndefined();
    await expect(rule.admitSubmit(1, closesAt)).rejects.toMatchObject({ statusCode: 403, code: DEADLINE_PASSED_CODE });
  });
});

describe('the grace', () => {
  let t: TestApp;
  const closesAt = new Date(Date.now() - 2 * MINUTE);
  beforeAll(async () => {
    t = await makeApp({ deadline: { closesAt, graceMs: 10 * MINUTE } });
  });
  afterAll(() => t.close());

  it('accepts a submit after the deadline while the grace lasts', async () => {
    const cookie = await readyApplicant(t, 'just-late@example.com');
    const res = await submit(t, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your application was successfully submitted.' });
    expect(await submittedAt(t, 'just-late@example.com')).not.toBeNull();
  });

  it('ends at the deadline plus the grace', async () => {
    const rule = createDeadline(t.app.db, { closesAt, graceMs: 10 * MINUTE });
    const end = closesAt.getTime() + 10 * MINUTE;
    await expect(rule.admitSubmit(1, new Date(end - 1))).resolves.toBeUndefined();
    await expect(rule.admitSubmit(1, new Date(end))).rejects.toMatchObject({ code: DEADLINE_PASSED_CODE });
  });
});

describe('before the deadline, and without one', () => {
  let before: TestApp;
  let none: TestApp;
  const closesAt = new Date(Date.now() + 60 * MINUTE);
  beforeAll(async () => {
    [before, none] = await Promise.all([makeApp({ deadline: { closesAt, graceMs: 0 } }), makeApp()]);
  });
  afterAll(() => Promise.all([before.close(), none.close()]));

  it('accepts a submit before the deadline', async () => {
    const cookie = await readyApplicant(before, 'early@example.com');
    expect((await submit(before, cookie)).statusCode).toBe(200);
    const deadline = await call(before, cookie, 'GET', '/api/deadline');
    expect(deadline.json()).toEqual({ closesAt: closesAt.toISOString(), reopenedUntil: null });
  });

  it('without APPLICATION_DEADLINE, Submit never closes and the applicant is told there is none', async () => {
    const cookie = await readyApplicant(none, 'anytime@example.com');
    expect((await call(none, cookie, 'GET', '/api/deadline')).json()).toEqual({ closesAt: null, reopenedUntil: null });
    expect((await submit(none, cookie)).statusCode).toBe(200);
  });
});
