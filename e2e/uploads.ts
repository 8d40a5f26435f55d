import { expect, type APIRequestContext } from '@playwright/test';
import { png } from '../testing/files';

/** A converted document, uploaded as the page does: the upload form, the file (a picture, one page), the conversion. */
export async function uploadDocument(request: APIRequestContext, key: string) {
  const { url, fields } = await (await request.post('/api/presigned-url', { data: { answer_key: key } })).json();
  const upload = await request.post(url, {
    multipart: { ...fields, file: { name: 'photo.png', mimeType: 'image/png', buffer: png(40, 60) } },
  });
  expect(upload.status()).toBe(204);
  expect(
    (
      await request.post(`/api/pdf/document-answer/${key}`, { data: { file_key: fields.key, file_name: 'photo.png' } })
    ).status(),
  ).toBe(202);
  await expect
    .poll(async () => (await (await request.get(`/api/pdf/document-answer/${key}`)).json()).status, { timeout: 20_000 })
    .toBe('completed');
}
