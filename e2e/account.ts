import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, latestCodeOrNull, type E2eServer } from './outbox';

export const PASSWORD = 'Persist-Answers-2026!';

/**
 * A fresh confirmed applicant, logged in through the API (the session cookie lands in the page's context), on the
 * main e2e server or, with `base`, on another one of playwright.config.ts.
 */
export async function newLoggedInApplicant(
  request: APIRequestContext,
  prefix: string,
  base: { url: string; server: Exclude<E2eServer, 'main'> } = { url: '', server: 'short-idle' },
): Promise<string> {
  const username = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const server = base.url ? base.server : 'main';
  const post = (path: string, data: object) => request.post(`${base.url}${path}`, { data });
  expect((await post('/public/signup', { username, password: PASSWORD })).status()).toBe(201);
  await expect.poll(() => latestCodeOrNull(username, server), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  const code = latestCode(username, server);
  expect((await post('/public/confirm', { username, code })).status()).toBe(200);
  expect((await post('/public/login', { username, password: PASSWORD })).status()).toBe(200);
  return username;
}

/** The applicant's answers as the server holds them. */
export async function serverAnswers(request: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await request.get('/api/profile');
  expect(res.status()).toBe(200);
  return (await res.json()).answer;
}

/** Waits until the server holds `expected` (a subset) — the outbox saves a few seconds after typing. */
export async function expectOnServer(request: APIRequestContext, expected: Record<string, unknown>, timeout = 20_000) {
  await expect.poll(() => serverAnswers(request), { timeout, intervals: [250, 500, 1000] }).toMatchObject(expected);
}

export const fieldByLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`)).first();
