import { expect, request as playwrightRequest, test, type BrowserContext, type Page } from '@playwright/test';
import { afterMotion, clickAfterLayout } from './motion';
import {
  ANSWERS_KEPT_TITLE,
  INACTIVITY_LOGOUT,
  LAST_VISIT_SAVED,
  LAST_VISIT_SAVED_TITLE,
  SESSION_INVALID,
} from '../src/kernel/messages';
import { SHORT_IDLE, SHORT_IDLE_PORT } from '../playwright.config';
import { fieldByLabel, newLoggedInApplicant, PASSWORD } from './account';

/**
 * No way a session ends loses an answer: one test per ending. Each types a first name that the server has not
 * acknowledged when the session ends, logs in again through the login card, and finds the answer on the server
 * and the toast saying the answers from the last visit were saved.
 */

/** Ends the session on the server from elsewhere (another device's logout with the same cookies). */
async function revokeElsewhere(context: BrowserContext, baseURL: string) {
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await elsewhere.get('/api/logout')).status()).toBe(200);
  await elsewhere.dispose();
}

/** The form is shown and start-up's last call (a new applicant's web status) is over. */
async function openAboutYou(page: Page, base = '') {
  const startedSent = page.waitForResponse((response) => response.url().endsWith('/api/web-status'));
  await page.goto(`${base}/about`);
  await expect(fieldByLabel(page, 'First Name')).toBeVisible();
  expect((await startedSent).status()).toBe(200);
}

async function logInAgainAndFindTheAnswer(page: Page, username: string, base = '') {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  // The login hashes the password, then the account loads (profile, the unsent answers' save, counts, tabs)
  // before the page moves: on a loaded shared machine that has taken longer than the default 5 s.
  await expect(page).toHaveURL(/\/about$/, { timeout: 15_000 });
  const toast = page.getByRole('status').filter({ hasText: LAST_VISIT_SAVED_TITLE });
  await expect(toast).toContainText(LAST_VISIT_SAVED);
  await expect(fieldByLabel(page, 'First Name')).toHaveValue('Ada');
  await expect
    .poll(async () => (await (await page.request.get(`${base}/api/profile`)).json()).answer, { timeout: 15_000 })
    .toMatchObject({ first_name: 'Ada' });
  // Sent: nothing of the account is left on this device but the copy of the session now in use.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admission-unsent:')))).toEqual(
    [],
  );
}

test('the server answers 401 to a save (session revoked elsewhere)', async ({ page, context, baseURL }) => {
  const username = await newLoggedInApplicant(page.request, 'end-401');
  await openAboutYou(page);
  await revokeElsewhere(context, baseURL!);

  await fieldByLabel(page, 'First Name').fill('Ada');
  await clickAfterLayout(page.getByRole('button', { name: 'Save and Continue' }));
  await expect(page.getByRole('alert').filter({ hasText: SESSION_INVALID })).toBeVisible();
  // What stays on the device is the unsent answer alone.
  expect(
    await page.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => k.startsWith('admission-unsent:') || k.includes('%40')),
    ),
  ).toEqual([[expect.stringMatching(/^admission-unsent:/), expect.stringContaining('"answers":{"first_name":"Ada"}')]]);
  await logInAgainAndFindTheAnswer(page, username);
});

test('the tab is closed while a save is in flight, and the session ends meanwhile', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const username = await newLoggedInApplicant(page.request, 'end-closed');
  await openAboutYou(page);
  await page.route('**/api/answer', () => new Promise(() => {})); // the save never returns
  await fieldByLabel(page, 'First Name').fill('Ada');
  await page.waitForRequest('**/api/answer');
  await page.close();
  await revokeElsewhere(context, baseURL!);

  const again = await context.newPage();
  await again.goto('/about');
  await expect(again.getByRole('alert').filter({ hasText: SESSION_INVALID })).toBeVisible();
  await logInAgainAndFindTheAnswer(again, username);
  await context.close();
});

test('logout in another tab', async ({ page, context }) => {
  const username = await newLoggedInApplicant(page.request, 'end-othertab');
  await openAboutYou(page);
  const other = await context.newPage();
  await other.goto('/about');
  await expect(fieldByLabel(other, 'First Name')).toBeVisible();

  // This tab's save waits until the other tab has logged out: it then meets the ended session.
  let loggedOut!: () => void;
  const otherTabLoggedOut = new Promise<void>((resolve) => (loggedOut = resolve));
  await page.route('**/api/answer', async (route) => {
    await otherTabLoggedOut;
    await route.continue();
  });
  await fieldByLabel(page, 'First Name').fill('Ada');
  await page.waitForRequest('**/api/answer');
  await other.getByRole('button', { name: 'Account', exact: true }).click();
  await other.getByRole('button', { name: 'Log Out' }).click();
  await expect(other).toHaveURL(/\/login$/);
  loggedOut();

  await expect(page.getByRole('alert').filter({ hasText: SESSION_INVALID })).toBeVisible();
  await page.unroute('**/api/answer');
  await logInAgainAndFindTheAnswer(page, username);
});

test.describe('idle logout (server with short timeouts)', () => {
  const base = `http://localhost:${SHORT_IDLE_PORT}`;

  /** Types the first name while the connection to the answers drops, so the logout cannot send it. */
  async function typeWithoutConnection(page: Page) {
    const username = await newLoggedInApplicant(page.request, 'end-idle', { url: base, server: 'short-idle' });
    await openAboutYou(page, base);
    await page.route('**/api/answer', (route) => route.abort('internetdisconnected'));
    await fieldByLabel(page, 'First Name').fill('Ada');
    return username;
  }

  /** On /login, told why (an idle logout) and that the answers are kept; then the connection is back. */
  async function toldAndBackOnline(page: Page, idle: boolean) {
    await expect(page).toHaveURL(/\/login$/, { timeout: SHORT_IDLE.timeoutMs + 5000 });
    if (idle) await expect(page.getByText(INACTIVITY_LOGOUT)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: ANSWERS_KEPT_TITLE })).toBeVisible();
    await page.unroute('**/api/answer');
  }

  test('the page logs out when the warning is ignored', async ({ page }) => {
    const username = await typeWithoutConnection(page);
    await expect(page.getByRole('dialog', { name: 'Still working?' })).toBeVisible({ timeout: SHORT_IDLE.timeoutMs });
    await toldAndBackOnline(page, true);
    await logInAgainAndFindTheAnswer(page, username, base);
  });

  test("the warning's 'No - Please log me out'", async ({ page }) => {
    const username = await typeWithoutConnection(page);
    const warning = page.getByRole('dialog', { name: 'Still working?' });
    await expect(warning).toBeVisible({ timeout: SHORT_IDLE.timeoutMs });
    await afterMotion(page); // a click while it zooms in can land beside the button
    await warning.getByRole('button', { name: 'No - Please log me out' }).click();
    await toldAndBackOnline(page, false);
    await logInAgainAndFindTheAnswer(page, username, base);
  });
});
