/**
 * The counselor's page as the production build serves it, its API answered by the test (the flow against the real
 * server, from the mailed link, is another spec's): at 1280 px and 390 px, each state of the link — missing, dead,
 * waiting, an error shown, the review, declining, submitted — has no WCAG 2.0–2.2 A/AA violation, and a keyboard
 * alone reaches the upload, the recommendation's choice and Decline.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { WCAG } from './axe';
import { COUNSELOR_MESSAGES } from '../src/kernel/counselor/messages';
import { COUNSELOR_PAGE } from '../src/kernel/counselor/paths';
import { FILE_MESSAGES } from '../src/kernel/documents/fileRules';
import { SAMPLE_COUNSELOR_VIEW } from '../src/kernel/counselor/sampleView';

const TOKEN = 'e2eTokenABCDEFGHIJKLMNOPQRSTUV';
const VIEW = SAMPLE_COUNSELOR_VIEW;

/** Answers GET /counselor/api/request with `view` (or a status and body), and any other call with `others`. */
async function answer(page: Page, view: unknown, others: Record<string, [number, unknown]> = {}) {
  await page.route('**/counselor/api/**', async (route) => {
    const url = new URL(route.request().url());
    const key = `${route.request().method()} ${url.pathname.replace('/counselor/api', '')}`;
    const [status, body] =
      key === 'GET /request'
        ? Array.isArray(view)
          ? view
          : [200, view]
        : (others[key] ?? [404, { message: 'Not found.' }]);
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

async function expectAccessible(page: Page, context: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations ${context}`).toEqual([]);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`the counselor's page (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('before any script runs: the college, the title and what the page is for', async ({ page }) => {
      // The page's scripts never arrive: what shows is counselor.html's own first paint.
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto(`${COUNSELOR_PAGE}#t=${TOKEN}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('School report');
      await expect(page.getByText(COUNSELOR_MESSAGES.intro)).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(COUNSELOR_MESSAGES.loading);
      await expectAccessible(page, 'first paint, no script');
    });

    test('the link missing, and dead', async ({ page }) => {
      await page.goto(COUNSELOR_PAGE);
      await expect(page.getByRole('alert')).toHaveText(COUNSELOR_MESSAGES.linkMissing);
      await expectAccessible(page, 'link missing');
      await answer(page, [410, { message: COUNSELOR_MESSAGES.linkDead, code: 'LinkDead' }]);
      await page.goto(`${COUNSELOR_PAGE}#t=${TOKEN}`);
      await page.reload();
      await expect(page.getByRole('alert')).toHaveText(COUNSELOR_MESSAGES.linkDead);
      await expectAccessible(page, 'link dead');
    });

    test('waiting: the form, an error, the review, declining', async ({ page }) => {
      await answer(page, VIEW, { 'POST /decline': [200, { message: COUNSELOR_MESSAGES.declined }] });
      await page.goto(`${COUNSELOR_PAGE}#t=${TOKEN}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('School report for Maria Hernandez');
      await expectAccessible(page, 'waiting');

      // The keyboard alone: the transcript's file input, then on to the recommendation's choice.
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Choose the transcript file')).toBeFocused();
      await page.getByRole('radio', { name: 'Type it here' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: 'Upload a file' })).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByLabel('Your recommendation')).toBeVisible();
      await page.getByLabel('Your recommendation').fill('Maria is kind.');
      await expect(page.getByText('14 / 10,000')).toBeVisible();

      // A file the page refuses: its message under the field, announced, nothing sent.
      await page
        .getByLabel('Choose the transcript file')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
      await expect(page.getByText(FILE_MESSAGES.wrongType)).toBeVisible();
      await expectAccessible(page, 'a file refused');

      await page.getByRole('button', { name: 'Review and submit' }).press('Enter');
      await expect(page.getByText(COUNSELOR_MESSAGES.transcriptRequired)).toBeVisible();
      await expectAccessible(page, 'transcript required');

      await page.getByRole('button', { name: 'Decline this request' }).press('Enter');
      await expect(page.getByRole('heading', { name: 'Decline this request' })).toBeFocused();
      await page.getByRole('button', { name: 'Send my decline' }).press('Enter');
      await expect(page.getByRole('alert')).toHaveText(COUNSELOR_MESSAGES.declineReasonRequired);
      await expectAccessible(page, 'decline without a reason');
      await page.getByLabel('Why are you declining? (required)').fill('I left this school in June.');
      await page.getByRole('button', { name: 'Send my decline' }).press('Enter');
      await expect(page.getByText(COUNSELOR_MESSAGES.declined)).toBeVisible();
      await expectAccessible(page, 'declined');
    });

    test('the review with a transcript, and submitted', async ({ page }) => {
      const withTranscript = {
        ...VIEW,
        documents: VIEW.documents.map((d) =>
          d.kind === 'transcript' ? { ...d, status: 'completed' as const, file_name: 'transcript.pdf' } : d,
        ),
      };
      await answer(page, withTranscript);
      await page.goto(`${COUNSELOR_PAGE}#t=${TOKEN}`);
      await page.getByRole('button', { name: 'Review and submit' }).click();
      await expect(page.getByRole('heading', { name: 'Review what you will send' })).toBeFocused();
      await expectAccessible(page, 'review');
      await page.unrouteAll();
      await answer(page, {
        ...withTranscript,
        state: 'received',
        submitted_at: '2026-11-25T15:00:00.000Z',
        read_only_until: '2026-11-26T15:00:00.000Z',
      });
      await page.reload();
      await expect(page.getByText(COUNSELOR_MESSAGES.readOnly)).toBeVisible();
      await expectAccessible(page, 'submitted');
    });
  });
}
