import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../playwright.config';

/** A service-token link to the applicant's print view, as an admin makes it (the path, for page.goto). */
export async function printViewUrl(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/admin/service-tokens', {
    data: { username },
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, '');
}

/** The applicant's PDF copy, as the completion page downloads it (once the server has built it). */
export async function pdfCopy(request: APIRequestContext): Promise<Buffer> {
  let reply: { status: string; url?: string } = { status: 'in_progress' };
  await expect
    .poll(async () => (reply = await (await request.get('/api/pdf')).json()).status, { timeout: 30_000 })
    .toBe('completed');
  return (await request.get(reply.url!)).body();
}
