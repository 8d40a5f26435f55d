import { CONVERSION_DELAYED } from '../../../src/kernel/documents/messages';
import { storageRetryDelay } from '../../src/documents/worker';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';

/**
 * A file store that cannot be reached is a passing fault of ours: the job waits and is tried again with back-off,
 * its attempts are not used up, and the applicant is told it is taking longer, never that the file is bad.
 */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await makeApp({
    // Nothing listens on port 9 of this machine: every S3 call is refused at once.
    s3: {
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    },
  });
  cookie = await newApplicant(t, 'patient@example.com');
});
afterAll(() => t.close());

it('storage down: the job waits for a retry with its attempts intact, and the status says it is taking longer', async () => {
  const presigned = await t.app.inject({
    method: 'POST',
    url: '/api/presigned-url',
    ...asUser(cookie, { answer_key: 'personal_statement_doc' }),
  });
  const key = presigned.json().fields.key as string;
  // As if the browser had uploaded to the bucket; the conversion request reads it back from the (unreachable) store.
  await t.app.db.query(
    `INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name)
     SELECT id, 'personal_statement_doc', $2, 'essay.pdf' FROM users WHERE username = $1`,
    ['patient@example.com', key],
  );
  await t.app.services.conversionWorker.runOnce();

  const { rows } = await t.app.db.query<{ status: string; attempts: number; waits: boolean }>(
    `SELECT status, attempts, retry_at > now() AS waits FROM conversion_jobs WHERE file_key = $1`,
    [key],
  );
  expect(rows[0]).toEqual({ status: 'unprocessed', attempts: 0, waits: true });
  const status = await t.app.inject({
    method: 'GET',
    url: '/api/pdf/document-answer/personal_statement_doc',
    ...asUser(cookie),
  });
  expect(status.json()).toEqual({ status: 'unprocessed', message: CONVERSION_DELAYED });

  // Held back: the next run does not hammer the store.
  await t.app.services.conversionWorker.runOnce();
  expect((await t.app.db.query(`SELECT attempts FROM conversion_jobs WHERE file_key = $1`, [key])).rows[0]).toEqual({
    attempts: 0,
  });
});

it('the back-off grows with the time waited: 2 s at first, at most a minute', () => {
  expect(storageRetryDelay(0)).toBe(2_000);
  expect(storageRetryDelay(30_000)).toBe(15_000);
  expect(storageRetryDelay(10 * 60_000)).toBe(60_000);
});
