import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openPglite } from '../../src/db/pgliteDb';
import { createReceiptWorker } from '../../src/mail/receiptWorker';
import type { Mail, Mailer } from '../../src/mail/mailer';
import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import { asUser, makeApp, newApplicant, outboxFor, type TestApp } from '../helpers';

/** A log that keeps its error lines (a receipt given up is logged). */
function recordingLog() {
  const errors: string[] = [];
  const log = { warn() {}, info() {}, error: (_: unknown, message: string) => errors.push(message) };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

/** Signs `to` up with a complete application and submits it; the submit's status. */
async function submitApplication(t: TestApp, to: string, name = { first_name: 'Ngozi', last_name: 'Okafor' }) {
  const who = await newApplicant(t, to);
  const answers = { ...completeApplication(), ...name };
  expect((await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(who, answers, 'PUT') })).statusCode).toBe(
    200,
  );
  const submit = await t.app.inject({
    method: 'POST',
    url: '/api/submit',
    headers: { cookie: who, 'content-type': 'application/json' },
  });
  return submit.statusCode;
}

/** The receipts mailed to `to`. */
const receiptsFor = (t: TestApp, to: string) =>
  outboxFor(t.config, to).filter((mail) => mail.includes('we received your application'));

/** Waits (a few seconds at most) for the n-th mail to `to`: the receipt is sent after the submit's answer. */
async function mailsFor(t: TestApp, to: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const mails = outboxFor(t.config, to);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return outboxFor(t.config, to);
}

describe('the receipt of a submission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ collegeName: 'Lakeside College', collegeTimeZone: 'America/Chicago' });
  });
  afterAll(async () => t.close());

  it('is mailed once submitted: the college, the time in its zone (named), how to download the PDF copy', async () => {
    const to = 'okafor@example.com';
    const who = await newApplicant(t, to);
    const answers = { ...completeApplication(), first_name: 'Ngozi', last_name: 'Okafor' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(who, answers, 'PUT') })).statusCode).toBe(
      200,
    );
    const before = outboxFor(t.config, to).length;
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie: who, 'content-type': 'application/json' },
    });
    expect(submit.statusCode).toBe(200);
    const mails = await mailsFor(t, to, before + 1);
    const receipt = mails.at(-1)!;
    expect(receipt).toContain('Subject: Lakeside College: we received your application');
    expect(receipt).toContain('Dear Ngozi Okafor,');
    expect(receipt).toMatch(/Lakeside College received your undergraduate application on \w+ \d+, \d{4}.* (CST|CDT)\./);
    expect(receipt).toContain('Download a PDF copy');
    expect(receipt).toContain(`${t.config.publicUrl}/login`);
  });

  it('names the college and links to /confirm with the address filled in, in the confirmation code mail', async () => {
    const to = 'confirm-link@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/public/signup',
      headers: { 'content-type': 'application/json' },
      payload: { username: to, password: 'Maple-Syrup-2024!' },
    });
    await t.app.services.identity.settled();
    const mail = outboxFor(t.config, to).at(-1)!;
    expect(mail).toContain('Subject: Your Lakeside College confirmation code');
    expect(mail).toContain(`${t.config.publicUrl}/confirm?username=confirm-link%40example.com`);
  });
});

describe('the receipt, a job in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ collegeName: 'Lakeside College', collegeTimeZone: 'America/Chicago' });
    await t.app.ready();
    // This app's own worker stays out of the way: each test drives a worker with the mailer it needs.
    await t.app.services.receiptWorker.stop();
  });
  afterAll(async () => t.close());

  /** A worker on the app's database and outbox settings, with `mailer` and no wait between tries. */
  const workerWith = (mailer: Mailer, log: FastifyBaseLogger, retryDelaysMs: number[]) =>
    createReceiptWorker({
      db: t.app.db,
      mailer,
      log,
      collegeName: t.config.collegeName,
      collegeTimeZone: t.config.collegeTimeZone,
      publicUrl: t.config.publicUrl,
      pollMs: 60_000,
      leaseMs: 15_000,
      retryDelaysMs,
    });

  it('is retried when the mail server fails, and then sent once', async () => {
    const sent: Mail[] = [];
    let failures = 2;
    const mailer = {
      async send(mail: Mail) {
        if (failures-- > 0) throw new Error('SMTP down');
        sent.push(mail);
      },
    };
    expect(await submitApplication(t, 'retried@example.com', { first_name: 'Ada', last_name: 'Lovelace' })).toBe(200);
    const worker = workerWith(mailer, recordingLog().log, [0, 0, 0]);
    await worker.runOnce();
    await worker.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('retried@example.com');
    expect(sent[0]!.text).toMatch(/^Dear Ada Lovelace,/);
    expect(sent[0]!.text).toMatch(/Lakeside College received your undergraduate application on .* (CST|CDT)\./);
  });

  it('is given up after its last try, and logged', async () => {
    let tries = 0;
    const mailer = {
      async send() {
        tries++;
        throw new Error('SMTP down');
      },
    };
    expect(await submitApplication(t, 'given-up@example.com')).toBe(200);
    const { log, errors } = recordingLog();
    const worker = workerWith(mailer, log, [0]);
    await worker.runOnce();
    expect(tries).toBe(2);
    expect(errors).toContain('submission receipt not sent');
    // Given up: no later run tries again.
    await worker.runOnce();
    expect(tries).toBe(2);
  });
});

describe('a receipt left by a stopped server', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-restart-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is mailed by the next start on the same database', async () => {
    // The embedded database on files, started from the suite's migrated template (as embeddedDbRestart.test.ts).
    const template = process.env.PGLITE_TEMPLATE;
    await (
      await openPglite({
        dataDir: path.join(dir, 'db'),
        ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
      })
    ).close();
    const onFiles = { memoryDb: undefined, databaseUrl: undefined, databaseSchema: undefined, dataDir: dir };
    const outboxDir = path.join(dir, 'outbox');
    const first = await makeApp({ ...onFiles, outboxDir });
    await first.app.ready();
    // Stopped before it could mail: the receipt is only in the database when the server goes.
    await first.app.services.receiptWorker.stop();
    expect(await submitApplication(first, 'restart@example.com')).toBe(200);
    await first.close();
    expect(receiptsFor(first, 'restart@example.com')).toHaveLength(0);

    const next = await makeApp({ ...onFiles, outboxDir });
    try {
      await next.app.ready();
      await next.app.services.receiptWorker.runOnce();
      expect(receiptsFor(next, 'restart@example.com')).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});
