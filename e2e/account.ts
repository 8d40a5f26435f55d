import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './outbox';

export const PASSWORD = 'Persist-Answers-2026!';

/** A fresh confirmed applicant, logged in through the API (the session cookie lands in the page's context). */
export async function newLoggedInApplicant(request: APIRequestContext, prefix: string): Promise<string> {
  const username = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  expect((await request.post('/public/signup', { data: { username, password: PASSWORD } })).status()).toBe(201);
  const code = latestCode(username);
  expect((await request.post('/public/confirm', { data: { username, code } })).status()).toBe(200);
  expect((await request.post('/public/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
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
