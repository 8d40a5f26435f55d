import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { afterMotion } from './motion';
import { newLoggedInApplicant } from './account';
import { outbox } from './outbox';
import { SHORT_IDLE, SHORT_IDLE_PORT } from '../playwright.config';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { SUBMIT_STATE } from '../src/kernel/submit';
import { SUBMIT_SUCCESS } from '../src/kernel/messages';
import { INACTIVITY_WARNING_TITLE, STAY_LABEL } from '../src/features/session/InactivityWarning';

/**
 * Deadline night: Submit pressed twice, from a second tab, or on a phone whose answer never came back, ends on the
 * completion page with one submission and one receipt, and no error; and no idle logout while it works. At 390 and
 * 1280 px, axe on every state shown.
 */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Application' });

/** A new applicant with every answer given, on Check your answers (where Submit is), of `base`'s server. */
async function onTheCheck(page: Page, request: APIRequestContext, prefix: string, base = '') {
  const server = base ? ({ url: base, server: 'short-idle' } as const) : undefined;
  const username = await newLoggedInApplicant(request, prefix, server);
  expect((await request.put(`${base}/api/answer`, { data: completeApplication() })).status()).toBe(200);
  await page.goto(`${base}/check-answers`);
  await expect(heading(page, 'Check your answers')).toBeVisible();
  return username;
}

/** The receipts mailed to `username` by `server`. */
const receipts = (username: string, server: 'main' | 'short-idle' = 'main') =>
  outbox(server).filter((mail) => mail.includes(`To: ${username}`) && mail.includes('we received your application'));

/** Exactly one receipt is mailed (the worker sends it just after the submission). */
async function oneReceipt(username: string, server: 'main' | 'short-idle' = 'main') {
  await expect.poll(() => receipts(username, server).length, { timeout: 15_000 }).toBe(1);
}

/** On the completion page, told it worked, with no error anywhere. */
async function landedOnCompletion(page: Page) {
  await expect(heading(page, 'Application Submitted')).toBeVisible();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText(`${SUBMIT_SUCCESS} Thank you for applying`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: /already been submitted|unexpected error|could not/i }),
  ).toHaveCount(0);
}

/** Counts the page's POST /api/submit requests (what left the browser, retries included). */
function countSubmits(page: Page) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/submit') count += 1;
  });
  return () => count;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('the answer to Submit is lost on the way: the page says it is still submitting, retries, lands once', async ({
      page,
    }) => {
      const username = await onTheCheck(page, page.request, `lost-${width}`);
      await expectAccessible(page, `the check before Submit at ${width} px`);
      // The first submit reaches the server, which records it; its answer never reaches the page. The retry waits
      // for the test (so the state can be checked), then goes through.
      let letRetryThrough: () => void = () => undefined;
      const retryHeld = new Promise<void>((resolve) => (letRetryThrough = resolve));
      let committed = 0;
      await page.route('**/api/submit', async (route) => {
        if (committed === 0) {
          const response = await route.fetch();
          committed = response.status();
          await route.abort('internetdisconnected');
          return;
        }
        await retryHeld;
        await route.continue();
      });
      const submits = countSubmits(page);

      await submitButton(page).click();
      const retrying = page.getByRole('status').filter({ hasText: SUBMIT_STATE.retrying });
      await expect(retrying).toBeVisible();
      expect(committed).toBe(200);
      await expect(submitButton(page)).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessible(page, `still submitting after a lost answer at ${width} px`);

      letRetryThrough();
      await landedOnCompletion(page);
      // Sent again at least once (once more if the check above held the retry past the submit's time limit).
      expect(submits()).toBeGreaterThanOrEqual(2);
      await oneReceipt(username);
      await expectAccessible(page, `the completion page after a retried submit at ${width} px`);
    });

    test('a second tab presses Submit after the first submitted: /completion there too, one receipt', async ({
      page,
      context,
    }) => {
      const username = await onTheCheck(page, page.request, `two-tabs-${width}`);
      const second = await context.newPage();
      await second.setViewportSize({ width, height: 800 });
      await second.goto('/check-answers');
      await expect(heading(second, 'Check your answers')).toBeVisible();

      await submitButton(page).click();
      await landedOnCompletion(page);

      // The second tab still shows the check as it was, and its Submit is pressed.
      await submitButton(second).click();
      await landedOnCompletion(second);
      await expectAccessible(second, `the second tab's completion page at ${width} px`);
      await oneReceipt(username);
    });

    test('a double click on Submit makes one submission', async ({ page }) => {
      const username = await onTheCheck(page, page.request, `double-${width}`);
      const submits = countSubmits(page);
      await submitButton(page).dblclick();
      await landedOnCompletion(page);
      expect(submits()).toBe(1);
      await oneReceipt(username);
    });
  });
}

test.describe('a slow Submit and the idle logout (server with short timeouts)', () => {
  const base = `http://localhost:${SHORT_IDLE_PORT}`;

  for (const width of [390, 1280]) {
    test(`no 'Still working?' and no logout over a submit slower than the idle timeout, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // Every 'Still working?' that shows is counted by the page itself, however briefly it stays.
      await page.addInitScript((title) => {
        const seen = { count: 0 };
        (window as unknown as { stillWorking: typeof seen }).stillWorking = seen;
        let wasOpen = false;
        new MutationObserver(() => {
          // Shown, not merely in the document: a closed dialog may stay there hidden, or fade out.
          const open = [...document.querySelectorAll('[role="dialog"]')].some(
            (d) => d.textContent?.includes(title) && d.checkVisibility(),
          );
          if (open && !wasOpen) seen.count += 1;
          wasOpen = open;
        }).observe(document, { childList: true, subtree: true, attributes: true });
      }, INACTIVITY_WARNING_TITLE);
      const username = await onTheCheck(page, page.request, `slow-${width}`, base);
      // The answer is held past the idle timeout: recorded by the server at once, told to the page only later.
      let answered = false;
      await page.route('**/api/submit', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, SHORT_IDLE.timeoutMs + 2000));
        answered = true;
        await route.fulfill({ response });
      });
      const logouts: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/logout') logouts.push(request.url());
      });

      // The warning may have come already if loading the page took longer than its 3 s: answered as the applicant
      // would, it is not what this test is about.
      const warning = page.getByRole('dialog', { name: INACTIVITY_WARNING_TITLE });
      if (await warning.isVisible()) {
        await afterMotion(page);
        await warning.getByRole('button', { name: STAY_LABEL }).click();
        await expect(warning).toHaveCount(0);
      }
      await submitButton(page).click();
      // A warning that came just before the press is closed by the press itself (an activity): its closing is not
      // a warning over the submit. From here on, any warning that shows is counted.
      await expect(warning).toHaveCount(0);
      await page.evaluate(() => ((window as unknown as { stillWorking: { count: number } }).stillWorking.count = 0));
      await expect(page.getByRole('status').filter({ hasText: SUBMIT_STATE.submitting })).toBeVisible();
      await expectAccessible(page, `a slow submit at work at ${width} px`);

      await expect(heading(page, 'Application Submitted')).toBeVisible({ timeout: SHORT_IDLE.timeoutMs + 15_000 });
      expect(answered).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { stillWorking: { count: number } }).stillWorking.count),
      ).toBe(0);
      expect(logouts).toEqual([]);
      await oneReceipt(username, 'short-idle');
    });
  }
});
