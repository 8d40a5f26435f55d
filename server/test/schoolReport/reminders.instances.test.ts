import { outboxFor, type TestApp } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';
import { asCounselor, linkTokenFor, statusOf, submitted, userIdOf } from './support';

/**
 * Two instances on one PostgreSQL, sharing the outbox: each counselor request and each reminder is mailed exactly
 * once, whichever instance took the submission and with both working the queue at once; a link made on one opens
 * on the other, and one replaced on one is dead on the other at once.
 */
let instances: TestApp[];
beforeAll(async () => {
  instances = await startInstances(2);
});
afterAll(() => stopInstances(instances));

const remindersTo = (t: TestApp, to: string) =>
  outboxFor(t.config, to).filter((mail) => /^Subject: Reminder/m.test(mail));
const requestsTo = (t: TestApp, to: string) =>
  outboxFor(t.config, to).filter((mail) => /^Subject: School report request/m.test(mail));

it('sends each request and each due reminder once, both instances racing for the queue', async () => {
  const [a, b] = instances;
  await a.app.services.schoolReportWorker.stop();
  await b.app.services.schoolReportWorker.stop();
  const counselors = Array.from({ length: 4 }, (_, i) => `counselor-${i}@school.example`);
  for (const [i, counselor] of counselors.entries()) {
    await submitted(i % 2 ? b : a, `applicant-${i}@example.com`, counselor);
  }
  expect(counselors.flatMap((to) => requestsTo(a, to))).toHaveLength(0);
  await Promise.all([a.app.services.schoolReportWorker.runOnce(), b.app.services.schoolReportWorker.runOnce()]);
  for (const to of counselors) expect(requestsTo(a, to)).toHaveLength(1);

  // Thirty days pass: the day 7, 14 and 28 reminders are all due, and both instances race for them.
  await a.app.db.query(`UPDATE school_report_requests SET requested_at = requested_at - interval '30 days'`);
  await a.app.db.query(`UPDATE school_report_mails SET due_at = due_at - interval '30 days'`);
  await Promise.all([a.app.services.schoolReportWorker.runOnce(), b.app.services.schoolReportWorker.runOnce()]);
  a.app.services.schoolReportWorker.start();
  b.app.services.schoolReportWorker.start();
  await Promise.all([a.app.services.schoolReportWorker.runOnce(), b.app.services.schoolReportWorker.runOnce()]);
  for (const to of counselors) expect(remindersTo(a, to)).toHaveLength(3);
  for (const i of counselors.keys()) {
    expect((await statusOf(a, `applicant-${i}@example.com`)).request).toEqual(
      expect.objectContaining({ state: 'overdue', reminders_sent: 3, next_reminder_at: null }),
    );
  }
});

it('a link opens on either instance, and once replaced on one it is dead on the other', async () => {
  const [a, b] = instances;
  await submitted(a, 'moved@example.com', 'first.counselor@school.example');
  const token = await linkTokenFor(a, 'first.counselor@school.example');
  expect((await asCounselor(b, token, 'GET', '/request')).statusCode).toBe(200);
  await a.app.services.schoolReport.replace(
    await userIdOf(a, 'moved@example.com'),
    { first_name: 'Second', last_name: 'Counselor', email: 'second.counselor@school.example' },
    'applicant',
  );
  expect((await asCounselor(b, token, 'GET', '/request')).statusCode).toBe(410);
  expect(
    (await asCounselor(b, await linkTokenFor(b, 'second.counselor@school.example'), 'GET', '/request')).statusCode,
  ).toBe(200);
});
