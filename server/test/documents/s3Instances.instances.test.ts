import crypto from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import * as files from '../../../testing/files';
import { asUser, newApplicant, type TestApp } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * Two instances on one PostgreSQL database and one S3-compatible bucket (moto_server): the browser uploads straight
 * to the bucket with the form one instance made, the other instance converts it, and either builds the PDF copy with
 * the document in it.
 */
const BUCKET = `docs-${crypto.randomBytes(4).toString('hex')}`;
let instances: TestApp[];

beforeAll(async () => {
  const endpoint = process.env.INSTANCES_S3_ENDPOINT!;
  const s3 = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'test',
    secretAccessKey: 'test',
    forcePathStyle: true,
  };
  await new S3Client({
    region: s3.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  }).send(new CreateBucketCommand({ Bucket: BUCKET }));
  instances = await startInstances(2, { s3, pdfCompress: false });
});
afterAll(() => stopInstances(instances));

it('upload through one instance, conversion on the other, the PDF copy with the document from the first', async () => {
  const [first, second] = instances;
  // Only the second instance converts.
  await first.app.services.conversionWorker.stop();
  const cookie = await newApplicant(first, 'bucket@example.com');
  // The document question is on the statement's upload tab, which the copy prints only when it is chosen.
  const chooseUpload = { tab_id: 'personal_statement', chosen_tab: 'upload' };
  expect(
    (await first.app.inject({ method: 'PUT', url: '/api/tabs', ...asUser(cookie, chooseUpload) })).statusCode,
  ).toBe(200);
  const presigned = (
    await first.app.inject({
      method: 'POST',
      url: '/api/presigned-url',
      ...asUser(cookie, { answer_key: 'personal_statement_doc' }),
    })
  ).json();
  expect(presigned.url).toBe(`${process.env.INSTANCES_S3_ENDPOINT}/${BUCKET}`);

  // As the browser does: a multipart POST straight to the bucket, the fields first, then the file.
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields as Record<string, string>)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(files.png(60, 40))], { type: 'image/png' }), 'photo.png');
  const upload = await fetch(presigned.url, { method: 'POST', body: form });
  expect(upload.status).toBeLessThan(300);

  const queued = await second.app.inject({
    method: 'POST',
    url: '/api/pdf/document-answer/personal_statement_doc',
    ...asUser(cookie, { file_key: presigned.fields.key, file_name: 'photo.png' }),
  });
  expect(queued.statusCode).toBe(202);
  let status = '';
  for (let i = 0; i < 120 && status !== 'completed' && status !== 'failed'; i += 1) {
    status = (
      await first.app.inject({
        method: 'GET',
        url: '/api/pdf/document-answer/personal_statement_doc',
        ...asUser(cookie),
      })
    ).json().status;
    if (status !== 'completed') await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toBe('completed');

  // The copy, asked of the first instance, holds the application and the document's page.
  let pdf = { status: 'unprocessed', url: '' };
  for (let i = 0; i < 100 && pdf.status !== 'completed' && pdf.status !== 'failed'; i += 1) {
    pdf = (await first.app.inject({ method: 'GET', url: '/api/pdf', ...asUser(cookie) })).json();
    if (pdf.status !== 'completed') await new Promise((r) => setTimeout(r, 100));
  }
  expect(pdf.status).toBe('completed');
  const download = await second.app.inject({ method: 'GET', url: pdf.url, headers: { cookie } });
  expect(download.statusCode).toBe(200);
  const text = files.pdfText(download.rawPayload);
  expect(text).toContain('photo.png');
  expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);
}, 60_000);
