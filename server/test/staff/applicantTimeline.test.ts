import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';
import { asStaff, newStaff, type EnrolledStaff } from './helpers';
import { completeApplication, incompleteApplication } from '../../../src/kernel/form/definition/sampleAnswers';

/**
 * The timeline of one applicant after the applicant's own calls, in the order the app makes them on Submit
 * (src/features/session/submitListeners.ts): the 'validating' status is posted on every Submit, then either the
 * submit (every answer passes) or the answers found missing (/api/validations). Only the second is a refusal.
 */
let t: TestApp;
let reader: EnrolledStaff;

beforeAll(async () => {
  t = await makeApp();
  reader = await newStaff(t, 'reader@college.edu', 'reader');
});
afterAll(() => t.close());

const call = (cookie: string, method: 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...asUser(cookie, payload ?? {}, method) });

/** Submit pressed: the status posted as the app posts it, then the submit itself, or the missing answers. */
async function pressSubmit(cookie: string, missing?: Record<string, string[]>) {
  expect((await call(cookie, 'POST', '/api/web-status', { web_status: 'validating' })).statusCode).toBe(200);
  if (missing) {
    expect((await call(cookie, 'POST', '/api/validations', missing)).statusCode).toBe(200);
  } else {
    expect((await call(cookie, 'POST', '/api/submit')).statusCode).toBe(200);
  }
}

async function timelineOf(email: string) {
  const { rows } = await t.app.db.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = $1`, [
    email,
  ]);
  const opened = await t.app.inject({
    method: 'GET',
    url: `/staff/api/applicants/${rows[0].id}`,
    ...asStaff(reader.cookie),
  });
  expect(opened.statusCode).toBe(200);
  return (opened.json().timeline as { at: string; what: string }[]).map((event) => event.what);
}

test('a complete application submitted at once: Submitted, and no refusal beside it', async () => {
  const cookie = await newApplicant(t, 'complete@example.com');
  expect((await call(cookie, 'POST', '/api/web-status', { web_status: 'started' })).statusCode).toBe(200);
  expect((await call(cookie, 'PUT', '/api/answer', completeApplication())).statusCode).toBe(200);
  await pressSubmit(cookie);
  const timeline = await timelineOf('complete@example.com');
  expect(timeline).toContain('Submitted');
  expect(timeline).not.toContain('Submit pressed with answers missing');
});

test('a refused Submit, then a complete one: the refusal once, before Submitted', async () => {
  const cookie = await newApplicant(t, 'refused@example.com');
  expect((await call(cookie, 'POST', '/api/web-status', { web_status: 'started' })).statusCode).toBe(200);
  expect((await call(cookie, 'PUT', '/api/answer', incompleteApplication())).statusCode).toBe(200);
  await pressSubmit(cookie, { first_name: ['Please enter your first name.'] });
  const refused = await timelineOf('refused@example.com');
  expect(refused).toContain('Submit pressed with answers missing');
  expect(refused).not.toContain('Submitted');

  expect((await call(cookie, 'PUT', '/api/answer', completeApplication())).statusCode).toBe(200);
  await pressSubmit(cookie);
  const timeline = await timelineOf('refused@example.com');
  expect(timeline.filter((what) => what === 'Submit pressed with answers missing')).toHaveLength(1);
  expect(timeline.indexOf('Submit pressed with answers missing')).toBeLessThan(timeline.indexOf('Submitted'));
});
