import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { PDFDocument } from 'pdf-lib';
import { E2E_ADMIN_TOKEN } from '../playwright.config';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { FORM_MESSAGES } from '../src/kernel/form/definition/messages';
import { png } from '../testing/files';
import { pageTexts } from '../testing/poppler';
import { expectOnServer, newLoggedInApplicant, PASSWORD } from './account';
import { pdfCopy, printViewUrl } from './copies';
import { afterMotion } from './motion';
import { latestCode, outbox } from './outbox';
import { uploadDocument } from './uploads';

/**
 * The applicant's journey, second pass (at 390 and 1280 px): a format mistake is shown where it is made, Check your
 * answers sends to the question and back, the submission's receipt is mailed with the college's time zone, the
 * staff's print view shows times in that zone, and the PDF copy is US Letter, named after the applicant, with the
 * name and page x of y on every page.
 */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** A time as the college's zone (America/New_York by default) names it. */
const IN_COLLEGE_ZONE = /\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T/;

const NAMED = { first_name: 'Ngozi', last_name: 'Okafor' };

async function submittedApplicant(request: APIRequestContext, prefix: string) {
  const username = await newLoggedInApplicant(request, prefix);
  expect((await request.put('/api/answer', { data: { ...completeApplication(), ...NAMED } })).status()).toBe(200);
  const submitted = await request.post('/api/submit', { headers: { 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBeLessThan(300);
  return username;
}

/** Whether two boxes on the screen overlap. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/** An applicant with a typed personal statement on /final-steps, its essay tab chosen; the two tabs. */
async function essayTyped(page: Page, prefix: string) {
  await newLoggedInApplicant(page.request, prefix);
  expect(
    (await page.request.put('/api/answer', { data: { personal_statement_essay: 'Engines and numbers.' } })).ok(),
  ).toBe(true);
  await page.goto('/final-steps');
  await expect(heading(page, 'Final Steps')).toBeVisible();
  return {
    essayTab: page.getByRole('tab', { name: 'Write your statement' }),
    uploadTab: page.getByRole('tab', { name: 'Upload a document' }),
  };
}

/** Chooses Upload with the keyboard from the middle of the screen, and agrees to clear the essay. */
async function switchToUpload(page: Page, tabs: Awaited<ReturnType<typeof essayTyped>>) {
  await tabs.essayTab.evaluate((tab) => tab.scrollIntoView({ block: 'center' }));
  await tabs.essayTab.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Switch to Upload a document?' });
  await afterMotion(page);
  await ask.getByRole('button', { name: 'Switch and clear' }).click();
  await expect(tabs.uploadTab).toHaveAttribute('aria-selected', 'true');
  const toast = page.getByRole('status').filter({ hasText: 'Answer cleared' });
  await expect(toast).toBeVisible();
  return toast;
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
      // Back at the section left (the cell phone's), not at the top of the check.
      await expect(page).toHaveURL(/\/check-answers#check-section-phone$/);
      await expect(page.getByRole('heading', { level: 3, name: 'Phone' })).toBeFocused();
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
      // Hovered, the toast waits: the scan and the server's checks below must not outlast its Undo.
      await page.getByRole('status').filter({ hasText: 'Activity 1 and its answers were removed.' }).hover();
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

    test('the Undo toast covers neither the tabs nor the questions after them', async ({ page }) => {
      const tabs = await essayTyped(page, `toast-place-${width}`);
      const toast = await switchToUpload(page, tabs);
      await expect(tabs.uploadTab).toBeFocused();
      await afterMotion(page);
      const shown = (await toast.boundingBox())!;
      expect(overlap(shown, (await tabs.uploadTab.boundingBox())!)).toBe(false);
      expect(overlap(shown, (await page.getByRole('tabpanel').boundingBox())!)).toBe(false);
      await expectAccessible(page, `the Undo toast after a switch at ${width} px`);
    });

    test('a file uploaded before the Undo is not kept hidden: the toast says it is removed, and it goes', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const tabs = await essayTyped(page, `undo-upload-${width}`);
      const toast = await switchToUpload(page, tabs);
      // Hovered, the toast waits (its Undo stays) while a file is uploaded on the new tab.
      await toast.hover();
      await page
        .getByLabel('Personal Statement Document', { exact: true })
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(64, 48) });
      await expect(page.getByText('Uploaded file: photo.png')).toBeVisible({ timeout: 20_000 });
      await toast.getByRole('button', { name: 'Undo' }).click();

      await expect(tabs.essayTab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('textbox', { name: 'Personal Statement' })).toHaveValue('Engines and numbers.');
      const removed = page.getByRole('status').filter({ hasText: 'File removed' });
      await expect(removed).toContainText('Your uploaded file photo.png was removed.');
      await expectAccessible(page, `the file removed by an Undo at ${width} px`);
      // Once the Undo's time is over, the file is deleted on the server, not kept out of sight.
      await expect
        .poll(async () => (await (await page.request.get('/api/document-answer')).json()).personal_statement_doc, {
          timeout: 30_000,
        })
        .toBeUndefined();
      await expectOnServer(page.request, { personal_statement_essay: 'Engines and numbers.' });
    });

    test('the header links show their whole focus ring', async ({ page }) => {
      await newLoggedInApplicant(page.request, `ring-${width}`);
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();
      const links = page.getByRole('navigation', { name: 'Application pages' }).getByRole('link');
      await expect(links).toHaveCount(3);
      for (let i = 0; i < 3; i++) {
        const link = links.nth(i);
        // Reached with Tab, as a keyboard user does (the ring is :focus-visible).
        for (
          let presses = 0;
          presses < 15 && !(await link.evaluate((el) => el === document.activeElement));
          presses++
        ) {
          await page.keyboard.press('Tab');
        }
        await expect(link).toBeFocused();
        // The ring (outline, outside the box by its offset plus its width) lies within every box that clips it.
        const clipped = await link.evaluate((el) => {
          const style = getComputedStyle(el);
          const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
          const box = el.getBoundingClientRect();
          const ring = {
            left: box.left - Math.max(0, reach),
            right: box.right + Math.max(0, reach),
            top: box.top - Math.max(0, reach),
            bottom: box.bottom + Math.max(0, reach),
          };
          const problems: string[] = [];
          if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) problems.push('no ring');
          for (let up = el.parentElement; up; up = up.parentElement) {
            const over = getComputedStyle(up);
            if (over.overflowX === 'visible' && over.overflowY === 'visible') continue;
            const clip = up.getBoundingClientRect();
            if (ring.left < clip.left || ring.right > clip.right || ring.top < clip.top || ring.bottom > clip.bottom) {
              problems.push(`clipped by ${up.tagName.toLowerCase()}.${up.className}`);
            }
          }
          return problems;
        });
        expect(clipped, `${await link.textContent()} at ${width} px`).toEqual([]);
      }
      await expectAccessible(page, `a header link focused at ${width} px`);
    });

    test('the staff printout says where each attached document is in the PDF copy; sections stay whole', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const username = await newLoggedInApplicant(page.request, `attached-${width}`);
      const answers = { ...completeApplication(), ...NAMED, test_optional_interest: 'Y', personal_statement_essay: '' };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      const tab = await page.request.put('/api/tabs', { data: { tab_id: 'personal_statement', chosen_tab: 'upload' } });
      expect(tab.ok()).toBe(true);
      await uploadDocument(page.request, 'personal_statement_doc');
      const submitted = await page.request.post('/api/submit', { headers: { 'content-type': 'application/json' } });
      expect(submitted.status(), await submitted.text()).toBeLessThan(300);
      // The picture is the copy's one attached document: its last page.
      const copyPages = pageTexts(await pdfCopy(page.request)).length;
      const place = `page ${copyPages} of the PDF copy`;

      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const view = await context.newPage();
      await view.goto(await printViewUrl(page.request, username));
      const documents = view.getByRole('region', { name: 'Documents' });
      await expect(documents.getByRole('listitem')).toHaveText(
        `Personal Statement Document: photo.png (PDF), ${place}`,
      );
      await expectAccessible(view, `the print view with a document at ${width} px`);

      const printed = pageTexts(await view.pdf({ format: 'Letter' }));
      expect(printed.join('\n')).toContain(place);
      printed.forEach((text, i) =>
        expect(text).toMatch(new RegExp(`Ngozi Okafor\\s+·\\s+Page ${i + 1} of ${printed.length}`)),
      );
      // In print, every section is kept whole on a sheet where it fits (a small one moves to the next sheet rather
      // than split; one taller than a sheet still flows).
      await view.emulateMedia({ media: 'print' });
      const sections = await view.locator('.review-section').evaluateAll((nodes) =>
        nodes.map((node) => ({
          title: node.querySelector('h3')?.textContent ?? '',
          avoidsBreak: getComputedStyle(node).breakInside,
        })),
      );
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) expect(section, section.title).toMatchObject({ avoidsBreak: 'avoid-page' });
      await context.close();
    });
  });
}
