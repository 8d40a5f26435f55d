import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { afterMotion } from './motion';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { SITE_NAME } from '../src/kernel/partner';
import { UNDO_TOAST_MS } from '../src/kernel/constants';
import { png } from '../testing/files';
import { expectOnServer, newLoggedInApplicant } from './account';

/**
 * The journey (what axe cannot see): every page change starts at the top with focus on the page's heading, a
 * check of every answer comes before the irreversible submission, and a tab switch never discards work silently
 * (typed or uploaded: it asks first, and its toast offers Undo).
 * At 390 and 1280 px, driven with the keyboard.
 */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Presses a button from the keyboard: focused, then Enter. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

/** The new page shows from its top, its heading focused (and so announced). */
async function expectPageStart(page: Page, title: string) {
  await expect(heading(page, title)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle(`${title} - ${SITE_NAME}`);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('page changes start at the top with the heading focused; the check comes before Submit', async ({ page }) => {
      await newLoggedInApplicant(page.request, `journey-${width}`);
      expect((await page.request.put('/api/answer', { data: completeApplication() })).status()).toBe(200);
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();

      // Save and Continue at the bottom of a long page: the next page opens at its top.
      await press(page, 'Save and Continue');
      await expectPageStart(page, 'Your Academics');
      await press(page, 'Save and Continue');
      await expectPageStart(page, 'Final Steps');
      await press(page, 'Save and go back');
      await expectPageStart(page, 'Your Academics');
      await press(page, 'Save and Continue');
      await expectPageStart(page, 'Final Steps');

      // Final Steps continues to the check of every answer, not to the submission.
      await press(page, 'Save and Continue');
      await expectPageStart(page, 'Check your answers');
      await expect(page.getByText('Lovelace', { exact: true }).first()).toBeVisible();
      await expectAccessible(page, `/check-answers at ${width} px`);

      // A Change link goes back to that page, from its top.
      await page.getByRole('link', { name: 'Change your answers on Your Academics' }).focus();
      await page.keyboard.press('Enter');
      await expectPageStart(page, 'Your Academics');
      await page.goBack();
      await expect(heading(page, 'Check your answers')).toBeVisible();

      await press(page, 'Submit Application');
      await expect(heading(page, 'Application Submitted')).toBeVisible();
      await expect(page).toHaveURL(/\/completion$/);
    });

    test('a tab switch that would clear an essay asks first, and Undo brings it back', async ({ page }) => {
      await newLoggedInApplicant(page.request, `tabs-${width}`);
      await page.goto('/final-steps');
      const essay = page.getByRole('textbox', { name: 'Personal Statement' });
      await essay.fill('Engines and numbers.');
      await expectOnServer(page.request, { personal_statement_essay: 'Engines and numbers.' });

      const essayTab = page.getByRole('tab', { name: 'Write your statement' });
      const uploadTab = page.getByRole('tab', { name: 'Upload a document' });
      await essayTab.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      const ask = page.getByRole('dialog', { name: 'Switch to Upload a document?' });
      await expect(ask).toContainText('What you typed under "Write your statement" will be cleared.');
      await expectAccessible(page, `the switch confirmation at ${width} px`);

      // Escape keeps everything.
      await page.keyboard.press('Escape');
      await expect(ask).toBeHidden();
      await expect(essayTab).toHaveAttribute('aria-selected', 'true');
      await expect(essay).toHaveValue('Engines and numbers.');

      await uploadTab.click();
      await expect(ask).toBeVisible();
      await afterMotion(page);
      await ask.getByRole('button', { name: 'Switch and clear' }).click();
      await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
      // Focus is back on the tab that opened the question once the dialog has closed.
      await expect(uploadTab).toBeFocused();

      // The toast names no internal key and offers Undo, reachable from the keyboard with F8 (focus holds it).
      const toast = page.getByRole('status').filter({ hasText: 'Answer cleared' });
      await expect(toast).toContainText('What you typed under "Write your statement" was cleared.');
      await expect(toast).not.toContainText('personal_statement');
      const essayOnServer = async () =>
        (await (await page.request.get('/api/profile')).json()).answer.personal_statement_essay ?? '';
      await expect.poll(essayOnServer, { timeout: 8_000 }).toBe('');
      await page.keyboard.press('F8');
      await page.keyboard.press('Tab');
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(essayTab).toHaveAttribute('aria-selected', 'true');
      await expect(essay).toHaveValue('Engines and numbers.');
      await expectOnServer(page.request, { personal_statement_essay: 'Engines and numbers.' });
      expect((await (await page.request.get('/api/tabs')).json()).personal_statement).toBe('essay');
    });

    test('a tab switch that would delete an uploaded file asks first, and Undo keeps the file', async ({ page }) => {
      await newLoggedInApplicant(page.request, `file-undo-${width}`);
      const chooseUpload = { tab_id: 'personal_statement', chosen_tab: 'upload' };
      expect((await page.request.put('/api/tabs', { data: chooseUpload })).status()).toBe(200);
      await page.goto('/final-steps');
      const essayTab = page.getByRole('tab', { name: 'Write your statement' });
      const uploadTab = page.getByRole('tab', { name: 'Upload a document' });
      await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
      const photo = { name: 'photo.png', mimeType: 'image/png', buffer: png(64, 48) };
      await page.getByLabel('Personal Statement Document', { exact: true }).setInputFiles(photo);
      const uploaded = page.getByText('Uploaded file: photo.png');
      await expect(uploaded).toBeVisible({ timeout: 20_000 });
      await expectOnServer(page.request, { personal_statement_doc: 'ANSWERED' });

      await uploadTab.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(essayTab).toBeFocused();
      await page.keyboard.press('Enter');
      const ask = page.getByRole('dialog', { name: 'Switch to Write your statement?' });
      await expect(ask).toContainText(
        'Your uploaded file photo.png will be deleted. You can undo this for a few seconds after switching.',
      );
      await expectAccessible(page, `the file switch confirmation at ${width} px`);
      await ask.getByRole('button', { name: 'Switch and clear' }).focus();
      await page.keyboard.press('Enter');
      await expect(essayTab).toHaveAttribute('aria-selected', 'true');
      // Focus is back on the tab once the dialog has closed (before that, F8's focus would be taken back).
      await expect(essayTab).toBeFocused();

      const toast = page.getByRole('status').filter({ hasText: 'File removed' });
      await expect(toast).toContainText('Your uploaded file photo.png was removed.');
      await expect(toast).not.toContainText('personal_statement');
      await page.keyboard.press('F8');
      await page.keyboard.press('Tab');
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
      await expect(uploaded).toBeVisible();
      // Past the toast's time the file is still there: the Undo kept it on the server.
      await page.waitForTimeout(UNDO_TOAST_MS + 1_000);
      const documents = await (await page.request.get('/api/document-answer')).json();
      expect(documents.personal_statement_doc?.file_name).toBe('photo.png');
      await expectOnServer(page.request, { personal_statement_doc: 'ANSWERED' });
      expect((await (await page.request.get('/api/tabs')).json()).personal_statement).toBe('upload');
    });
  });
}

test('every route has a title of its own', async ({ page }) => {
  const titles: Record<string, string> = {
    '/about': 'About You',
    '/education': 'Your Academics',
    '/final-steps': 'Final Steps',
    '/check-answers': 'Check your answers',
    '/signup': 'Sign Up',
    '/confirm': 'Confirm Your Account',
    '/login': 'Log In',
    '/forgot': 'Forgot Password',
    '/reset?username=a%40example.com&id=x': 'Reset Password',
  };
  for (const [url, title] of Object.entries(titles)) {
    await page.goto(url);
    await expect(page).toHaveTitle(`${title} - ${SITE_NAME}`);
  }
});
