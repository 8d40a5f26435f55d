import type { FastifyBaseLogger } from 'fastify';
import { createReceiptSender } from '../src/mail/receipt';
import type { Mail } from '../src/mail/mailer';
import { completeApplication } from '../../src/kernel/form/definition/sampleAnswers';
import { asUser, makeApp, newApplicant, outboxFor, type TestApp } from './helpers';

const silentLog = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;

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

describe('the receipt sender', () => {
  const receipt = { to: 'a@example.com', name: 'Ada Lovelace', submittedAt: new Date('2026-12-02T01:30:00Z') };
  const options = { log: silentLog, collegeName: 'Northfield College', publicUrl: 'https://apply.example.edu' };

  it('tries again when the mail server fails, and the time reads in the college zone', async () => {
    const sent: Mail[] = [];
    let failures = 2;
    const mailer = {
      async send(mail: Mail) {
        if (failures-- > 0) throw new Error('SMTP down');
        sent.push(mail);
      },
    };
    const sender = createReceiptSender({
      ...options,
      mailer,
      collegeTimeZone: 'America/New_York',
      retryDelaysMs: [0, 0, 0],
    });
    sender.queue(receipt);
    await sender.settled();
    expect(sent).toHaveLength(1);
    // 01:30 UTC on December 2 is the evening of December 1 in New York.
    expect(sent[0]!.text).toContain('on December 1, 2026 at 8:30 PM EST.');
  });

  it('gives up after its tries without throwing', async () => {
    const mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    const sender = createReceiptSender({ ...options, mailer, collegeTimeZone: 'UTC', retryDelaysMs: [0] });
    sender.queue(receipt);
    await expect(sender.settled()).resolves.toBeUndefined();
  });
});
