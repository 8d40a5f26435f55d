import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, OPERATOR_PORT } from '../playwright.config';
import { SAVE_STATE } from '../src/kernel/messages';
import { MAINTENANCE_MESSAGE, SERVICE_NOTICE_LABEL } from '../src/kernel/serviceStatus/messages';
import { SERVICE_STATUS_POLL_MS } from '../src/kernel/serviceStatus/rules';
import { expectOnServer, fieldByLabel, newLoggedInApplicant, serverAnswers } from './account';
import { expectAccessible } from './axe';

/**
 * The operator's word on deadline night, on a server of its own (OPERATOR_PORT) through its admin API (as `npm run admin` sends it
 * while the server runs): a notice that appears on pages already open within the minute and goes when cleared, and
 * maintenance mode, during which typed answers stay on the device (a reload too) and reach the server once it is
 * over. At 1280 and 390 px, axe on every state. Each test switches everything off again in `finally`, so the next
 * test starts clear.
 */
const OPERATOR = { url: `http://localhost:${OPERATOR_PORT}`, server: 'operator' } as const;
test.use({ baseURL: OPERATOR.url });

const admin = async (request: APIRequestContext, path: string, data: object = {}) => {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(res.status(), await res.text()).toBe(200);
};
const allClear = async (request: APIRequestContext) => {
  await admin(request, '/admin/maintenance', { on: false });
  await admin(request, '/admin/notice/clear');
};

const notice = (page: Page) => page.getByRole('region', { name: SERVICE_NOTICE_LABEL });
/** The tab is shown again: the page asks at once (a browser may reuse an answer a few seconds old: ask until fresh). */
const tabShown = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

/** The notice's band sits above the page's content, in its flow, and nothing is wider than the screen. */
async function expectBesideTheForm(page: Page) {
  const band = (await notice(page).boundingBox())!;
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(band.y + band.height).toBeLessThanOrEqual(heading.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

// Also after a test that ran out of time (its own `finally` may not have run).
test.afterEach(async ({ request }) => allClear(request));

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // About 30 s each on a quiet machine; a busy one (CI beside the unit tests) needs more.
    test.setTimeout(120_000);

    test('a notice appears on an open page within the minute, on account pages too, and goes when cleared', async ({
      page,
      browser,
      request,
    }) => {
      const words =
        'Applications close at midnight tonight (Eastern Time). The help desk answers at admissions-help@northfield.example until 11 pm.';
      try {
        await page.clock.install();
        await newLoggedInApplicant(page.request, `notice-${width}`, OPERATOR);
        const asked = page.waitForResponse('**/public/service-status');
        await page.goto('/about');
        await expect(fieldByLabel(page, 'First Name')).toBeVisible();
        await asked;
        await expect(notice(page)).toHaveCount(0);

        await admin(request, '/admin/notice', { text: words });
        // The page asks once a minute: skip the minute (again, if the browser's few-seconds copy answered).
        await expect(async () => {
          await page.clock.fastForward(SERVICE_STATUS_POLL_MS);
          await expect(notice(page).getByRole('status')).toHaveText(words, { timeout: 1000 });
        }).toPass({ timeout: 30_000 });
        await expect(notice(page).getByRole('status')).not.toContainText(MAINTENANCE_MESSAGE);
        await expectBesideTheForm(page);
        await expectAccessible(page, `with a notice at ${width} px`);

        // A visitor opening an account page sees it from the start.
        const visitorContext = await browser.newContext({ viewport: { width, height: 900 } });
        const visitor = await visitorContext.newPage();
        await visitor.goto('/signup');
        await expect(notice(visitor).getByRole('status')).toHaveText(words);
        await expectBesideTheForm(visitor);
        await expectAccessible(visitor, `with a notice on /signup at ${width} px`);
        await visitorContext.close();

        await admin(request, '/admin/notice/clear');
        await expect(async () => {
          await tabShown(page);
          await expect(notice(page)).toHaveCount(0, { timeout: 1000 });
        }).toPass({ timeout: 30_000 });
        await expect(fieldByLabel(page, 'First Name')).toBeVisible();
        await expectAccessible(page, `after the notice was cleared at ${width} px`);
      } finally {
        await allClear(request);
      }
    });

    test('maintenance while typing: the message, the answers kept over a reload, sent once it is over', async ({
      page,
      request,
    }) => {
      try {
        await newLoggedInApplicant(page.request, `maintenance-${width}`, OPERATOR);
        await page.goto('/about');
        await fieldByLabel(page, 'First Name').fill('Ada');
        await expectOnServer(page.request, { first_name: 'Ada' });

        await admin(request, '/admin/maintenance', { on: true });
        await fieldByLabel(page, 'City').fill('Troy');
        // The save a few seconds later is refused: held, and the page says why (no error dialog, no error toast).
        await expect(notice(page).getByRole('status')).toHaveText(MAINTENANCE_MESSAGE, { timeout: 15_000 });
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expect(page.getByRole('status').filter({ hasText: SAVE_STATE.saving })).toHaveCount(0);
        expect((await serverAnswers(page.request)).city).toBeUndefined();
        await expectBesideTheForm(page);
        await expectAccessible(page, `in maintenance at ${width} px`);

        // Typed answers stay on the device over a reload, and the page still says why.
        await page.reload();
        await expect(fieldByLabel(page, 'City')).toHaveValue('Troy');
        await expect(fieldByLabel(page, 'First Name')).toHaveValue('Ada');
        await expect(notice(page).getByRole('status')).toHaveText(MAINTENANCE_MESSAGE);
        await fieldByLabel(page, 'Last Name').fill('Lovelace');
        await expectAccessible(page, `in maintenance after a reload at ${width} px`);
        expect((await serverAnswers(page.request)).city).toBeUndefined();

        await admin(request, '/admin/maintenance', { on: false });
        await expect(async () => {
          await tabShown(page);
          await expect(notice(page)).toHaveCount(0, { timeout: 1000 });
        }).toPass({ timeout: 30_000 });
        await expectOnServer(page.request, { first_name: 'Ada', city: 'Troy', last_name: 'Lovelace' });
        await expect(page.getByRole('status').filter({ hasText: SAVE_STATE.saved })).toBeVisible();
        await expectAccessible(page, `after maintenance at ${width} px`);
      } finally {
        await allClear(request);
      }
    });
  });
}
