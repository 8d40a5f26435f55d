import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { E2E_ADMIN_TOKEN } from '../playwright.config';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { FORM_MESSAGES } from '../src/kernel/form/definition/messages';
import { pageTexts } from '../server/test/fixtures/poppler';
import { expectOnServer, newLoggedInApplicant, PASSWORD } from './account';
import { afterMotion } from './motion';
import { latestCode, outbox } from './outbox';

/**
 * The applicant's journey, second pass (at 390 and 1280 px): a format mistake is shown where it is made, Check your
 * answers sends to the question and back, the submission's receipt is mailed with the college's time zone, the
 * staff's print view shows times in that zone, and the PDF copy is US Letter, named after the applicant, with the
 * name and page x of y on every page.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** A time as the college's zone (America/New_York by default) names it. */
const IN_COLLEGE_ZONE = /\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T/;

async function expectAccessible(page: Page, where: string) {
  await afterMotion(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations, where).toEqual([]);
}

const NAMED = { first_name: 'Ngozi', last_name: 'Okafor' };

async function submittedApplicant(request: APIRequestContext, prefix: string) {
  const username = await newLoggedInApplicant(request, prefix);
  expect((await request.put('/api/answer', { data: { ...completeApplication(), ...NAMED } })).status()).toBe(200);
  const submitted = await request.post('/api/submit', { headers: { 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBeLessThan(300);
  return username;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('a 9-digit cell phone is flagged when the applicant leaves it, while started', async ({ page }) => {
      await newLoggedInApplicant(page.request, `blur-${width}`);
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();
      const cell = page.getByRole('textbox', { name: 'Cell Phone' });
      await cell.fill('212555123');
      await expect(page.getByText(FORM_MESSAGES.cellPhone)).toHaveCount(0);
      await page.keyboard.press('Tab');
      await expect(page.getByText(FORM_MESSAGES.cellPhone)).toBeVisible();
      await expect(cell).toHaveAttribute('aria-invalid', 'true');
      // Required messages still wait for Submit: the empty first name is not flagged.
      await expect(page.locator('.form-error', { hasText: /^Error: First Name$/ })).toHaveCount(0);
      await expectAccessible(page, `a flagged phone at ${width} px`);
      await cell.fill('2125550123');
      await page.keyboard.press('Tab');
      await expect(page.getByText(FORM_MESSAGES.cellPhone)).toHaveCount(0);
    });

    test('Change opens the question, one action returns to the check; the receipt is mailed; the PDF copy', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const username = await newLoggedInApplicant(page.request, `check-${width}`);
      const answers = { ...completeApplication(), ...NAMED, phone_mobile: '(212) 555-123' };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      await page.goto('/check-answers');
      await expect(heading(page, 'Check your answers')).toBeVisible();
      // Only what was chosen: no [ ] for the options not chosen, no '--' for unanswered months.
      await expect(page.getByText('[ ]', { exact: false })).toHaveCount(0);
      await expect(page.getByText('--', { exact: true })).toHaveCount(0);
      const issues = page.getByRole('group', { name: 'Some answers need correcting' });
      await expect(issues.getByRole('link', { name: `Cell Phone: ${FORM_MESSAGES.cellPhone}` })).toBeVisible();
      await expectAccessible(page, `the check with a format problem at ${width} px`);

      await page.getByRole('link', { name: 'Correct Cell Phone' }).click();
      await expect(page).toHaveURL(/\/about#phone_mobile$/);
      const cell = page.getByRole('textbox', { name: 'Cell Phone' });
      await expect(cell).toBeFocused();
      await expect(cell).toBeInViewport();
      const back = page.getByRole('button', { name: 'Save and return to Check your answers' });
      await expectAccessible(page, `a question opened from the check at ${width} px`);
      await cell.fill('2125550123');
      await back.click();
      await expect(heading(page, 'Check your answers')).toBeVisible();
      await expect(page).toHaveURL(/\/check-answers$/);
      await expect(issues).toHaveCount(0);
      await expectOnServer(page.request, { phone_mobile: '(212) 555-0123' });

      const before = outbox().filter((m) => m.includes(`To: ${username}`)).length;
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(heading(page, 'Application Submitted')).toBeVisible();

      // The receipt: the college, the time in its zone (named), how to download the copy.
      await expect
        .poll(() => outbox().filter((m) => m.includes(`To: ${username}`)).length, { timeout: 15_000 })
        .toBe(before + 1);
      const receipt = outbox()
        .filter((m) => m.includes(`To: ${username}`))
        .at(-1)!;
      expect(receipt).toContain('Northfield College: we received your application');
      expect(receipt).toMatch(new RegExp(`received your undergraduate application on ${IN_COLLEGE_ZONE.source}`));
      expect(receipt).toContain('Download a PDF copy');

      // The PDF copy: named after the applicant, US Letter, the name and page x of y on every page.
      const button = page.getByRole('button', { name: 'Download a PDF copy of your application' });
      await expect(button).toBeVisible();
      await expectAccessible(page, `the completion page at ${width} px`);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
      expect(download.suggestedFilename()).toBe('Okafor-Ngozi-application.pdf');
      const bytes = fs.readFileSync((await download.path())!);
      const pdf = await PDFDocument.load(bytes);
      const total = pdf.getPageCount();
      for (const sheet of pdf.getPages()) expect(sheet.getSize()).toEqual({ width: 612, height: 792 });
      const texts = pageTexts(bytes);
      expect(texts).toHaveLength(total);
      texts.forEach((text, i) => expect(text).toMatch(new RegExp(`Ngozi Okafor\\s+·\\s+Page ${i + 1} of ${total}`)));
      expect(texts[0]).toMatch(new RegExp(`Submitted on ${IN_COLLEGE_ZONE.source}`));
    });

    test('inputs fit a phone; an added activity is removed with Undo', async ({ page }) => {
      await newLoggedInApplicant(page.request, `remove-${width}`);
      const answers = { sat_taken: 'Y', activity_name: 'Debate Club', activity_2_name: 'Chess Club' };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      const counts = await page.request.put('/api/add-another', { data: { button_id: 'activity', num_components: 2 } });
      expect(counts.ok()).toBe(true);
      await page.goto('/education');
      await expect(heading(page, 'Your Academics')).toBeVisible();
      const math = page.getByRole('textbox', { name: /^SAT Math/ });
      await expect(math).toHaveAttribute('inputmode', 'numeric');
      await expect(math).toHaveAccessibleDescription('200–800, in steps of 10');
      await expect(page.getByRole('textbox', { name: /^Cumulative GPA/ })).toHaveAttribute('inputmode', 'decimal');
      await expect(page.getByRole('textbox', { name: /^Counselor Email Address/ })).toHaveAttribute('type', 'email');

      await page.getByRole('button', { name: 'Remove Activity 1' }).click();
      await expect(page.getByRole('button', { name: 'Remove Activity 1' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: /^Activity Name/ })).toHaveValue('Chess Club');
      await expect(page.getByText('Activity 1 and its answers were removed.')).toBeVisible();
      await expectAccessible(page, `an activity removed, with Undo, at ${width} px`);
      await expectOnServer(page.request, { activity_name: 'Chess Club' });
      expect((await (await page.request.get('/api/add-another')).json()).activity).toBe(1);

      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('textbox', { name: /^Activity Name/ }).first()).toHaveValue('Debate Club');
      await expect(page.getByRole('textbox', { name: /^Activity Name/ }).nth(1)).toHaveValue('Chess Club');
      await expectOnServer(page.request, { activity_name: 'Debate Club', activity_2_name: 'Chess Club' });
      expect((await (await page.request.get('/api/add-another')).json()).activity).toBe(2);
    });

    test('a Confirm Card Error goes once the code is right; Log In has the email; the mail links /confirm', async ({
      page,
    }) => {
      const username = `toast-${width}-${Date.now()}@example.com`;
      expect((await page.request.post('/public/signup', { data: { username, password: PASSWORD } })).status()).toBe(
        201,
      );
      await expect.poll(() => outbox().some((m) => m.includes(`To: ${username}`)), { timeout: 15_000 }).toBe(true);
      const mail = outbox()
        .filter((m) => m.includes(`To: ${username}`))
        .at(-1)!;
      expect(mail).toContain('Northfield College');
      const link = mail.match(/http:\/\/\S+\/confirm\?username=\S+/)?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByLabel('Email')).toHaveValue(username);
      const code = page.getByLabel('Confirmation Code');
      const wrong = latestCode(username) === '000000' ? '111111' : '000000';
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Confirm Account' }).click();
      const error = page.getByRole('alert', { name: 'Confirm Card Error' });
      await expect(error).toBeVisible();
      await code.fill(latestCode(username));
      await page.getByRole('button', { name: 'Confirm Account' }).click();
      await expect(heading(page, 'Log In')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(username);
      await expect(page.getByRole('status', { name: 'Success Notification' })).toBeVisible();
      await expect(error).toHaveCount(0);
      await expectAccessible(page, `Log In after confirming at ${width} px`);
    });

    test('a visitor sent to Sign Up is told the typed answers are kept', async ({ page }) => {
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();
      await page
        .getByRole('textbox', { name: /^First Name/ })
        .first()
        .fill('Ngozi');
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await expect(heading(page, 'Sign Up')).toBeVisible();
      await expect(page.getByText('The answers you typed are kept.', { exact: false })).toBeVisible();
      await expectAccessible(page, `Sign Up with kept answers at ${width} px`);
    });

    test('the staff print view shows times in the college zone, and names the applicant on paper', async ({
      page,
      browser,
    }) => {
      const username = await submittedApplicant(page.request, `zone-${width}`);
      const res = await page.request.post('/admin/service-tokens', {
        data: { username },
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      });
      expect(res.status()).toBe(201);
      const url = ((await res.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, '');
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const view = await context.newPage();
      await view.goto(url);
      await expect(view.getByRole('heading', { level: 1, name: 'Ngozi Okafor' })).toBeVisible();
      const header = view.getByRole('definition').first().locator('xpath=ancestor::dl');
      await expect(header).toContainText(new RegExp(`Submitted ${IN_COLLEGE_ZONE.source}`));
      await expect(header).not.toContainText('UTC');
      await expectAccessible(view, `the print view at ${width} px`);
      // On paper: every sheet names the applicant and its page x of y (never the address with its token).
      const printed = pageTexts(await view.pdf({ format: 'Letter' }));
      printed.forEach((text, i) => {
        expect(text).toMatch(new RegExp(`Ngozi Okafor\\s+·\\s+Page ${i + 1} of ${printed.length}`));
        expect(text).not.toContain('service_token');
      });
      await context.close();
    });
  });
}
