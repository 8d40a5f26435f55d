import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { WCAG } from './axe';
import AxeBuilder from '@axe-core/playwright';
import { pdfText } from '../testing/files';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { E2E_ADMIN_TOKEN } from '../playwright.config';
import { newLoggedInApplicant } from './account';
import { uploadDocument } from './uploads';

/**
 * The print view as admission readers use it: who and when at the top, every uploaded document one link away,
 * answers only, a dense printout, and nothing secret on paper. At 390 and 1280 px, with the keyboard.
 */

async function printViewLink(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/admin/service-tokens', {
    data: { username },
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, '');
}

async function submittedApplicantWithDocument(page: Page) {
  const username = await newLoggedInApplicant(page.request, 'printview');
  const answers = { ...completeApplication(), test_optional_interest: 'Y', personal_statement_essay: '' };
  expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
  expect(
    (await page.request.put('/api/tabs', { data: { tab_id: 'personal_statement', chosen_tab: 'upload' } })).ok(),
  ).toBe(true);
  await uploadDocument(page.request, 'personal_statement_doc');
  // State-changing calls are JSON from this origin (CSRF), even without a body.
  const submitted = await page.request.post('/api/submit', { headers: { 'content-type': 'application/json' } });
  expect(submitted.status(), await submitted.text()).toBeLessThan(300);
  return username;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: header, document links, answers only, keyboard, axe, a dense printout without the token`, async ({
    page,
    browser,
  }) => {
    const username = await submittedApplicantWithDocument(page);
    const url = await printViewLink(page.request, username);
    const token = new URL(url, 'http://x').searchParams.get('service_token')!;
    const printViewContext = await browser.newContext({ viewport: { width, height: 900 } });
    const printView = await printViewContext.newPage();
    await printView.goto(url);
    await expect(printView.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();

    const header = printView.getByRole('definition').first().locator('xpath=ancestor::dl');
    await expect(header).toContainText(username);
    await expect(header).toContainText('Applicant ID');
    await expect(header).toContainText(/Submitted \w+ \d{1,2}, \d{4}/);
    await expect(printView.getByText('Not answered')).toHaveCount(0);

    // The document opens as a PDF with the same token.
    const link = printView.getByRole('link', { name: 'Personal Statement Document: photo.png (PDF)' });
    const opened = await printView.request.get((await link.getAttribute('href'))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');

    // Keyboard: the link is reachable with Tab.
    await printView.keyboard.press('Tab');
    for (
      let i = 0;
      i < 5 && !(await link.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false));
      i += 1
    ) {
      await printView.keyboard.press('Tab');
    }
    await expect(link).toBeFocused();

    const { violations } = await new AxeBuilder({ page: printView }).withTags(WCAG).analyze();
    expect(violations).toEqual([]);

    // The printout: dense, and no service token on paper (the browser's header is left out with the page margin).
    const pdf = await printView.pdf({ format: 'Letter', displayHeaderFooter: false, preferCSSPageSize: true });
    const text = pdfText(pdf);
    expect(text).toContain('Ada');
    expect(text).not.toContain(token);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    test.info().annotations.push({ type: 'printed pages', description: String(pages) });
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(6);
    await printViewContext.close();
  });
}
