import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import { asUser, newApplicant, outboxFor, type TestApp } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';

/** Two instances on one PostgreSQL, sharing the outbox: each submission's receipt is mailed exactly once. */
let instances: TestApp[];
beforeAll(async () => {
  instances = await startInstances(2);
});
afterAll(() => stopInstances(instances));

async function submit(t: TestApp, to: string) {
  const who = await newApplicant(t, to);
  const answers = completeApplication();
  expect((await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(who, answers, 'PUT') })).statusCode).toBe(
    200,
  );
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/submit',
    headers: { cookie: who, 'content-type': 'application/json' },
  });
  expect(answer.statusCode).toBe(200);
}

const receiptsFor = (t: TestApp, to: string) =>
  outboxFor(t.config, to).filter((mail) => mail.includes('we received your application'));

it('sends one receipt per submission, whichever instance took it and both working the queue at once', async () => {
  const [a, b] = instances;
  // Both workers held, so that the receipts wait in the queue and both instances then race for every one of them.
  await a.app.services.receiptWorker.stop();
  await b.app.services.receiptWorker.stop();
  const applicants = Array.from({ length: 6 }, (_, i) => `instances-${i}@example.com`);
  for (const [i, to] of applicants.entries()) await submit(i % 2 ? b : a, to);
  expect(applicants.flatMap((to) => receiptsFor(a, to))).toHaveLength(0);

  await Promise.all([a.app.services.receiptWorker.runOnce(), b.app.services.receiptWorker.runOnce()]);
  for (const to of applicants) expect(receiptsFor(a, to)).toHaveLength(1);
  // And again, with the workers running as in service: nothing is sent twice.
  a.app.services.receiptWorker.start();
  b.app.services.receiptWorker.start();
  await Promise.all([a.app.services.receiptWorker.runOnce(), b.app.services.receiptWorker.runOnce()]);
  for (const to of applicants) expect(receiptsFor(a, to)).toHaveLength(1);
});

it('a receipt left by an instance stopped before it mailed is sent by the other', async () => {
  const [a, b] = instances;
  await a.app.services.receiptWorker.stop();
  await b.app.services.receiptWorker.stop();
  await submit(a, 'left-behind@example.com');
  // The instance that recorded the submission never mails it; the other's next look at the queue does.
  b.app.services.receiptWorker.start();
  await b.app.services.receiptWorker.runOnce();
  expect(receiptsFor(b, 'left-behind@example.com')).toHaveLength(1);
});
