import crypto from 'node:crypto';
import * as files from './fixtures/files';
import { asUser, newApplicant, type TestApp } from './helpers';
import { startInstances, stopInstances } from './support/instances';

/**
 * An instance that crashes in the middle of a conversion: its job's lease lapses and another instance takes it
 * over and completes it, within 30 s (the lease is 15 s in production; shorter here).
 */
let instances: TestApp[];
beforeAll(async () => {
  instances = await startInstances(2, { jobLeaseMs: 3_000, pdfCompress: false });
});
afterAll(() => stopInstances(instances));

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----form${crypto.randomBytes(8).toString('hex')}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

it('a job left by a crashed instance is taken over by the other and completed', async () => {
  const [crashed, survivor] = instances;
  // The instance that will "crash" converts nothing of its own accord.
  await crashed.app.services.conversionWorker.stop();
  const cookie = await newApplicant(crashed, 'takeover@example.com');
  const presigned = (
    await crashed.app.inject({
      method: 'POST',
      url: '/api/presigned-url',
      ...asUser(cookie, { answer_key: 'personal_statement_doc' }),
    })
  ).json();
  const body = multipart(presigned.fields, { name: 'photo.png', bytes: files.png(40, 60) });
  const upload = await crashed.app.inject({
    method: 'POST',
    url: presigned.url,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(upload.statusCode).toBe(204);
  // The survivor's worker must not take the job before the crash: it is stopped until then.
  await survivor.app.services.conversionWorker.stop();
  const queued = await crashed.app.inject({
    method: 'POST',
    url: '/api/pdf/document-answer/personal_statement_doc',
    ...asUser(cookie, { file_key: presigned.fields.key, file_name: 'photo.png' }),
  });
  expect(queued.statusCode).toBeLessThan(300);
  // The crashed instance had claimed it (leased for 3 s) and then died: nobody renews the lease.
  const claimed = await crashed.app.services.documents.claimNext('crashed-instance', 3_000);
  expect(claimed).not.toBeNull();

  await survivor.app.services.conversionWorker.start();
  const startedAt = Date.now();
  const status = async () =>
    (
      await survivor.app.inject({
        method: 'GET',
        url: '/api/pdf/document-answer/personal_statement_doc',
        ...asUser(cookie),
      })
    ).json().status;
  // Bounded: within 30 s, the promise for a crashed instance's conversion.
  while ((await status()) !== 'completed' && Date.now() - startedAt < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(await status()).toBe('completed');
  const profile = await survivor.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) });
  expect(profile.json().answer.personal_statement_doc).toBe('ANSWERED');
  const { rows } = await survivor.app.db.query<{ lease_owner: string }>(
    `SELECT lease_owner FROM conversion_jobs WHERE answer_key = 'personal_statement_doc'`,
  );
  expect(rows[0].lease_owner).not.toBe('crashed-instance');
}, 45_000);
