import { ANSWER_MESSAGES } from '../../src/answers/service';
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import { asUser, newApplicant, outboxFor, type TestApp } from '../helpers';

/**
 * Submit is safe to repeat: a double click, a second tab, or a retry after the answer was lost all end as the first
 * submit did, with one submission, one receipt and the first submission's time; two at once make one. Run on the
 * embedded database with one server (submitOnce.test.ts: both "instances" are the same app) and on PostgreSQL with
 * two instances (submitOnce.instances.test.ts), by the same steps.
 */
export function submitOnceSuite(start: () => Promise<[TestApp, TestApp]>, stop: (apps: TestApp[]) => Promise<void>) {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await start();
  });
  afterAll(() => stop([a, b]));

  /** A new applicant whose answers pass the server's required checks, signed in on `a` (the session works on b). */
  async function readyToSubmit(to: string) {
    const cookie = await newApplicant(a, to);
    expect(
      (await a.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, requiredAnswers(), 'PUT') }))
        .statusCode,
    ).toBe(200);
    return cookie;
  }

  const submit = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/submit', headers: { cookie, 'content-type': 'application/json' } });

  const userIdOf = async (to: string) =>
    (await a.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [to])).rows[0].id;

  /** What the database holds of the submission: its time (ms), how many receipts were queued and statuses written. */
  async function stored(to: string) {
    const userId = await userIdOf(to);
    const one = async (sql: string) =>
      (await a.app.db.query<{ v: string | number | Date | null }>(sql, [userId])).rows[0].v;
    const at = (await one('SELECT submitted_at AS v FROM applications WHERE user_id = $1')) as Date | null;
    return {
      submittedAt: at === null ? null : new Date(at).getTime(),
      receiptJobs: Number(await one('SELECT count(*) AS v FROM receipt_jobs WHERE user_id = $1')),
      statuses: Number(await one('SELECT count(*) AS v FROM web_statuses WHERE user_id = $1')),
    };
  }

  const receiptsTo = (to: string) =>
    outboxFor(a.config, to).filter((mail) => mail.includes('we received your application'));

  /** Every receipt due is mailed (both workers have a look), then the receipts to `to`. */
  async function mailedReceipts(to: string) {
    await Promise.all([a.app.services.receiptWorker.runOnce(), b.app.services.receiptWorker.runOnce()]);
    return receiptsTo(to);
  }

  it('a repeat submit answers as the first: 200, the same body, the first time kept, one receipt', async () => {
    const to = 'submit-twice@example.com';
    const cookie = await readyToSubmit(to);
    const first = await submit(a, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: ANSWER_MESSAGES.submitted });
    const once = await stored(to);
    expect(once.submittedAt).not.toBeNull();

    // Pressed again, from the other instance (a second tab, or the phone's retry), and once more.
    for (const t of [b, a]) {
      const again = await submit(t, cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await stored(to)).toEqual({ submittedAt: once.submittedAt, receiptJobs: 1, statuses: 3 });
    expect(await mailedReceipts(to)).toHaveLength(1);
    // The answers stay locked, as after any submission.
    const change = await a.app.inject({
      method: 'PUT',
      url: '/api/answer',
      ...asUser(cookie, { first_name: 'Changed' }, 'PUT'),
    });
    expect(change.statusCode).toBe(409);
  });

  it('two submits at once make one submission and one receipt, and both answer success', async () => {
    const to = 'submit-at-once@example.com';
    const cookie = await readyToSubmit(to);
    const answers = await Promise.all([submit(a, cookie), submit(b, cookie), submit(a, cookie)]);
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual(
      Array.from({ length: 3 }, () => [200, { message: ANSWER_MESSAGES.submitted }]),
    );
    const after = await stored(to);
    expect(after).toEqual({ submittedAt: expect.any(Number), receiptJobs: 1, statuses: 3 });
    expect(await mailedReceipts(to)).toHaveLength(1);
  });

  it('stores the time the request arrived, not the time its work got to the database', async () => {
    const to = 'submit-arrival@example.com';
    const cookie = await readyToSubmit(to);
    // The submit's first read of the application waits before it goes to the database (a queue on deadline night);
    // `reached` is when it was let through: every statement of the submission runs after it.
    const original = b.app.db.query.bind(b.app.db);
    let reached: number | undefined;
    const query = jest.spyOn(b.app.db, 'query').mockImplementation(async (sql: string, params?: unknown[]) => {
      if (reached === undefined && /FROM applications a WHERE a\.user_id = \$1/.test(sql)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reached = Date.now();
      }
      return original(sql, params) as never;
    });
    const sent = Date.now();
    const res = await submit(b, cookie);
    query.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(reached).toBeDefined();
    const { submittedAt } = await stored(to);
    expect(submittedAt).toBeGreaterThanOrEqual(sent);
    expect(submittedAt).toBeLessThan(reached!);
    // The receipt tells the same time.
    const receipt = await a.app.db.query<{ submitted_at: Date }>(
      'SELECT submitted_at FROM receipt_jobs WHERE user_id = $1',
      [await userIdOf(to)],
    );
    expect(new Date(receipt.rows[0].submitted_at).getTime()).toBe(submittedAt);
  });

  it('an application with answers missing is still refused (400) and stays unsubmitted, however often it is sent', async () => {
    const to = 'submit-missing@example.com';
    const cookie = await newApplicant(a, to);
    for (const t of [a, b]) {
      const res = await submit(t, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ANSWER_MESSAGES.missing);
    }
    expect(await stored(to)).toEqual({ submittedAt: null, receiptJobs: 0, statuses: 0 });
  });
}
