import * as files from '../../../testing/files';
import { asUser, multipart, newApplicant, type TestApp } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * An instance that crashes in the middle of a conversion: its job's lease lapses and another instance takes it
 * over and completes it, within 30 s (the lease is 15 s in production; shorter here).
 */
let instances: TestApp[];
beforeAll(async () => {
  instances = await startInstances(2, { jobLeaseMs: 3_000, pdfCompress: false });
});
afterAll(() => stopInstances(instances));

/** Uploads a picture for `key` and queues its conversion on `on`, with `idle`'s worker stopped. */
async function queueDocument(on: TestApp, idle: TestApp, cookie: string, key: string) {
  const presigned = (
    await on.app.inject({ method: 'POST', url: '/api/presigned-url', ...asUser(cookie, { answer_key: key }) })
  ).json();
  const body = multipart(presigned.fields, { name: 'photo.png', bytes: files.png(40, 60), type: 'image/png' });
  const upload = await on.app.inject({
    method: 'POST',
    url: presigned.url,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(upload.statusCode).toBe(204);
  await idle.app.services.conversionWorker.stop();
  const queued = await on.app.inject({
    method: 'POST',
    url: `/api/pdf/document-answer/${key}`,
    ...asUser(cookie, { file_key: presigned.fields.key, file_name: 'photo.png' }),
  });
  expect(queued.statusCode).toBeLessThan(300);
}

/** The document's status as `t` answers it once it is completed, or after 30 s (the promise for a crashed instance). */
async function statusWithin30s(t: TestApp, cookie: string, key: string) {
  const startedAt = Date.now();
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/pdf/document-answer/${key}`, ...asUser(cookie) })).json().status;
  while ((await status()) !== 'completed' && Date.now() - startedAt < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status();
}

it('a job left by a crashed instance is taken over by the other and completed', async () => {
  const [crashed, survivor] = instances;
  // The instance that will "crash" converts nothing of its own accord.
  await crashed.app.services.conversionWorker.stop();
  const cookie = await newApplicant(crashed, 'takeover@example.com');
  // The survivor's worker must not take the job before the crash: it is stopped until then.
  await queueDocument(crashed, survivor, cookie, 'personal_statement_doc');
  // The crashed instance had claimed it (leased for 3 s) and then died: nobody renews the lease.
  const claimed = await crashed.app.services.documents.claimNext('crashed-instance', 3_000);
  expect(claimed).not.toBeNull();

  await survivor.app.services.conversionWorker.start();
  expect(await statusWithin30s(survivor, cookie, 'personal_statement_doc')).toBe('completed');
  const profile = await survivor.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
  expect(profile.json().answer.personal_statement_doc).toBe('ANSWERED');
  const { rows } = await survivor.app.db.query<{ lease_owner: string }>(
    `SELECT lease_owner FROM conversion_jobs WHERE answer_key = 'personal_statement_doc'`,
  );
  expect(rows[0].lease_owner).not.toBe('crashed-instance');
}, 45_000);

it('a job claimed by a server from before leases (no lease_until) is taken over once a lease has passed', async () => {
  const [older, survivor] = instances;
  await older.app.services.conversionWorker.stop();
  const cookie = await newApplicant(older, 'before-leases@example.com');
  await queueDocument(older, survivor, cookie, 'transcript_doc');
  // As a server of the version before migration 005 left it when it was stopped mid-conversion (a rolling upgrade).
  await older.app.db.query(
    `UPDATE conversion_jobs SET status = 'in_progress', started_at = now() - interval '1 minute', attempts = 1,
            lease_until = NULL, lease_owner = NULL
      WHERE answer_key = 'transcript_doc'`,
  );
  await survivor.app.services.conversionWorker.start();
  expect(await statusWithin30s(survivor, cookie, 'transcript_doc')).toBe('completed');
}, 45_000);
