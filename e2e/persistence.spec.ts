import { expect, test } from '@playwright/test';
import { SAVE_STATE } from '../src/kernel/messages';
import { expectOnServer, fieldByLabel, newLoggedInApplicant } from './account';

/**
 * Answers are never lost: the outbox, the persisted store, two tabs, a full storage and a shared computer,
 * against the real server with network control.
 */
test.describe('answers are never lost', () => {
  test('typed offline, kept over a reload, on the server soon after the connection is back', async ({
    page,
    context,
  }) => {
    await newLoggedInApplicant(page.request, 'offline');
    await page.goto('/about');
    const firstName = fieldByLabel(page, 'First Name');
    await expect(firstName).toBeVisible();
    await context.setOffline(true);
    await firstName.fill('Offline Ada');
    await expect(page.getByRole('status').filter({ hasText: SAVE_STATE.offline })).toBeVisible({ timeout: 15_000 });

    // Back online for the page itself, but the save still cannot get through: reload.
    await context.setOffline(false);
    await page.route('**/api/answer', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(fieldByLabel(page, 'First Name')).toHaveValue('Offline Ada');

    await page.unroute('**/api/answer');
    await expectOnServer(page.request, { first_name: 'Offline Ada' });
    await expect(page.getByRole('status').filter({ hasText: SAVE_STATE.saved })).toBeVisible({ timeout: 15_000 });
  });

  test('the server answers 500 three times, then 200: saved, with the latest answer', async ({ page }) => {
    await newLoggedInApplicant(page.request, 'retry');
    let calls = 0;
    await page.route('**/api/answer', async (route) => {
      calls += 1;
      if (calls <= 3) return route.fulfill({ status: 500, json: { message: 'Temporarily unavailable.' } });
      return route.continue();
    });
    await page.goto('/about');
    await fieldByLabel(page, 'Last Name').fill('Lovelace');
    await expectOnServer(page.request, { last_name: 'Lovelace' }, 40_000);
    expect(calls).toBe(4);
  });

  test('closing the page in the middle of a save loses nothing', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await newLoggedInApplicant(page.request, 'closed');
    await page.route('**/api/answer', () => new Promise(() => {})); // the save never returns
    await page.goto('/about');
    await fieldByLabel(page, 'City').fill('Troy');
    await page.waitForRequest('**/api/answer');
    await page.close();

    const again = await context.newPage();
    await again.goto('/about');
    await expect(fieldByLabel(again, 'City')).toHaveValue('Troy');
    await expectOnServer(again.request, { city: 'Troy' });
    await context.close();
  });

  test('two tabs editing different fields: both edits reach the server', async ({ context, page }) => {
    await newLoggedInApplicant(page.request, 'twotabs');
    const other = await context.newPage();
    await page.goto('/about');
    await other.goto('/about');
    await fieldByLabel(page, 'First Name').fill('Tab One');
    await fieldByLabel(other, 'Last Name').fill('Tab Two');
    await expectOnServer(page.request, { first_name: 'Tab One', last_name: 'Tab Two' });
  });

  test('two tabs editing the same field: the later edit wins and the other tab shows it', async ({ context, page }) => {
    await newLoggedInApplicant(page.request, 'sametab');
    const other = await context.newPage();
    await page.goto('/about');
    await other.goto('/about');
    await fieldByLabel(page, 'City').fill('Earlier');
    await expectOnServer(page.request, { city: 'Earlier' });
    await fieldByLabel(other, 'City').fill('Later');
    await expectOnServer(page.request, { city: 'Later' });
    await expect(fieldByLabel(page, 'City')).toHaveValue('Later', { timeout: 10_000 });
  });

  test('a full storage shows a warning and keeps what was stored before', async ({ page }) => {
    await page.goto('/about');
    await fieldByLabel(page, 'First Name').fill('Stored first');
    await page.waitForTimeout(500);
    const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('admission:visitor:')));
    expect(key).toBeTruthy();
    const before = await page.evaluate((k) => localStorage.getItem(k!), key);
    expect(before).toContain('Stored first');
    // Fill the rest of the quota, down to the last few bytes.
    await page.evaluate(() => {
      let n = 0;
      for (const size of [256 * 1024, 4096, 64, 1]) {
        const chunk = 'x'.repeat(size);
        for (;;) {
          try {
            localStorage.setItem(`filler-${n++}`, chunk);
          } catch {
            break;
          }
        }
      }
    });
    await fieldByLabel(page, 'Last Name').fill('Does not fit');
    await expect(page.getByRole('alert').filter({ hasText: 'could not be kept on this device' })).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k!), key)).toBe(before);
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('filler-'))
        .forEach((k) => localStorage.removeItem(k)),
    );
  });

  test('logout on a shared computer leaves no answers in storage', async ({ page }) => {
    await newLoggedInApplicant(page.request, 'shared');
    await page.goto('/about');
    await fieldByLabel(page, 'First Name').fill('Private');
    await expectOnServer(page.request, { first_name: 'Private' });
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const leftovers = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => (localStorage.getItem(k) ?? '').includes('Private')),
    );
    expect(leftovers).toEqual([]);
  });
});
