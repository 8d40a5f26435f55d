import { SCHOOL_REPORT_MESSAGES as M } from '../../../src/kernel/schoolReport/messages';
import { asUser, makeApp, type TestApp } from '../helpers';
import { linkTokenFor, asCounselor, submitted } from './support';

/** The applicant's school report calls (schoolReport/applicantRoutes.ts), each on the session's own application. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t.close());

const call = (who: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...asUser(who, payload ?? (method === 'GET' ? undefined : {}), method),
  });

it('"Send the request now" needs the counselor and the waiver answered, and not the applicant’s own address', async () => {
  const who = await submitted(t, 'early@example.com', 'early@example.com', {}, false);
  const own = await call(who, 'POST', '/api/school-report/request');
  expect(own.statusCode).toBe(400);
  expect(own.json().message).toBe(M.counselorIsApplicant);
  const answers = (await call(who, 'GET', '/api/profile')).json().answer;
  const withoutWaiver = { ...answers, counselor_email_address: 'hopper@school.example' };
  delete withoutWaiver.counselor_waiver_request;
  expect((await call(who, 'PUT', '/api/answer', withoutWaiver)).statusCode).toBe(200);
  const missing = await call(who, 'POST', '/api/school-report/request');
  expect(missing.json().message).toBe(M.needsAnswers);
  const save = await call(who, 'PUT', '/api/answer', { ...withoutWaiver, counselor_waiver_request: 'N' });
  expect(save.statusCode).toBe(200);
  const sent = await call(who, 'POST', '/api/school-report/request');
  expect(sent.statusCode).toBe(200);
  expect(sent.json()).toEqual({ message: M.requested });
  expect((await call(who, 'POST', '/api/school-report/request')).json().message).toBe(M.alreadyRequested);
  const status = (await call(who, 'GET', '/api/school-report')).json();
  expect(status).toMatchObject({ submitted_at: null, complete: false, can_request: false });
  expect(status.request).toMatchObject({ state: 'requested', counselor: { email: 'hopper@school.example' } });
  expect(status.waiver).toMatchObject({ choice: 'N' });
  // The counselor may start before the application is submitted; submitting makes no second request.
  await linkTokenFor(t, 'hopper@school.example');
  expect((await call(who, 'POST', '/api/submit')).statusCode).toBe(200);
  const after = (await call(who, 'GET', '/api/school-report')).json();
  expect(after.request.id).toBe(status.request.id);
  expect(after.submitted_at).toEqual(expect.any(String));
});

it('reminds once, changes the counselor, cancels, revokes the waiver; each answer is the page’s words', async () => {
  const who = await submitted(t, 'actions@example.com', 'first@school.example');
  expect((await call(who, 'POST', '/api/school-report/reminder')).json()).toEqual({ message: M.reminded });
  const twice = await call(who, 'POST', '/api/school-report/reminder');
  expect(twice.statusCode).toBe(409);
  expect(twice.json()).toEqual({ message: M.reminderUsed, code: 'ReminderUsed' });

  const bad = await call(who, 'PUT', '/api/school-report/counselor', {
    first_name: 'A',
    last_name: 'B',
    email: 'nope',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe(M.counselorEmailInvalid);
  const changed = await call(who, 'PUT', '/api/school-report/counselor', {
    first_name: 'Second',
    last_name: 'Counselor',
    email: 'second@school.example',
  });
  expect(changed.json()).toEqual({ message: M.changed });
  const token = await linkTokenFor(t, 'second@school.example');
  expect((await call(who, 'DELETE', '/api/school-report')).json()).toEqual({ message: M.cancelled });
  expect((await asCounselor(t, token, 'GET', '/request')).statusCode).toBe(410);
  const status = (await call(who, 'GET', '/api/school-report')).json();
  expect(status.request.state).toBe('cancelled');
  expect(status.can_request).toBe(true);

  expect((await call(who, 'POST', '/api/school-report/waiver/revoke')).json()).toEqual({ message: M.waiverRevoked });
  expect((await call(who, 'POST', '/api/school-report/waiver/revoke')).statusCode).toBe(409);
});

it('no one reads or changes another applicant’s request; without a session every call is 401', async () => {
  await submitted(t, 'owner@example.com', 'owner.counselor@school.example');
  const other = await submitted(t, 'other@example.com', 'other.counselor@school.example', {}, false);
  const theirs = (await call(other, 'GET', '/api/school-report')).json();
  expect(theirs.request).toBeNull();
  expect((await call(other, 'DELETE', '/api/school-report')).statusCode).toBe(409);
  for (const [method, url] of [
    ['GET', '/api/school-report'],
    ['POST', '/api/school-report/request'],
    ['POST', '/api/school-report/reminder'],
    ['DELETE', '/api/school-report'],
    ['POST', '/api/school-report/waiver/revoke'],
  ]) {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode).toBe(401);
  }
});
