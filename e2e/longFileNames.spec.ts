/**
 * A file name over SPEC's 32 characters, against the real server and the production build, on a phone and on a
 * desktop: the upload's hint names the limit beforehand; a 39-character name shows SPEC's message and an offer
 * naming a shorter name (extension kept) before anything is sent; one key press uploads the file under that name,
 * the server stores it so and converts it as usual. axe finds no WCAG 2.0–2.2 A/AA violation with the offer shown.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { essayDocx } from '../testing/files';
import { expectOnServer, newLoggedInApplicant } from './account';

const KEY = 'personal_statement_doc';
const NAME_TOO_LONG =
  'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.';
const LONG_NAME = 'Personal-Statement-Maria-Hernandez.docx';
const SHORT_NAME = 'Personal-Statement-Maria-He.docx';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const fileInput = (page: Page) => page.getByLabel('Personal Statement Document', { exact: true });

async function documentAnswers(request: APIRequestContext): Promise<Record<string, { file_name: string }>> {
  const res = await request.get('/api/document-answer');
  expect(res.status()).toBe(200);
  return res.json();
}

for (const width of [390, 1280]) {
  test(`a name too long is offered shorter and uploaded so in one press, at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await newLoggedInApplicant(page.request, `longname${width}`);
    await page.goto('/final-steps');
    const tab = page.getByRole('tab', { name: 'Upload a document' });
    const checked = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/pdf/document-answer/${KEY}`,
    );
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await checked;

    // The limit is named before any file is chosen.
    await expect(page.locator(`#${KEY}-hint`)).toContainText(
      'The file name can have at most 32 characters, including the extension.',
    );

    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/presigned-url')) sent += 1;
    });
    expect(LONG_NAME).toHaveLength(39);
    await fileInput(page).setInputFiles({ name: LONG_NAME, mimeType: DOCX, buffer: essayDocx() });

    // SPEC's message on the field; the offer names the shorter name (extension kept) and nothing is sent yet.
    await expect(page.locator(`#${KEY}-error`)).toHaveText(`Error: ${NAME_TOO_LONG}`);
    const offer = page.getByRole('button', { name: `Upload as ${SHORT_NAME}` });
    await expect(offer).toBeVisible();
    await expect(page.locator(`#${KEY}-offer`)).toHaveText(
      `You can upload it as ${SHORT_NAME} instead. Only its name changes.`,
    );
    expect([...SHORT_NAME].length).toBeLessThanOrEqual(32);
    expect(SHORT_NAME.endsWith('.docx')).toBe(true);
    // Announced as it appears: the error and the way out, in the field's status line.
    const announced = page.locator(`#${KEY}-status`);
    await expect(announced).toHaveAttribute('role', 'status');
    await expect(announced).toContainText(`${NAME_TOO_LONG} You can upload it as ${SHORT_NAME} instead.`);
    await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
    await expectAccessible(page, `with the shorter-name offer at ${width} px`);

    // By keyboard: the offer is the next stop after the file input; Enter uploads.
    await fileInput(page).focus();
    await page.keyboard.press('Tab');
    await expect(offer).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText(`Uploaded file: ${SHORT_NAME}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`#${KEY}-status`)).toHaveText(`${SHORT_NAME} was uploaded.`);
    await expect(page.locator(`#${KEY}-error`)).toHaveCount(0);
    await expect(offer).toHaveCount(0);
    expect(sent).toBe(1);
    // The server stores the shorter name, and the conversion completed as for any file.
    expect((await documentAnswers(page.request))[KEY]?.file_name).toBe(SHORT_NAME);
    expect((await (await page.request.get(`/api/pdf/document-answer/${KEY}`)).json()).status).toBe('completed');
    await expectOnServer(page.request, { [KEY]: 'ANSWERED' });
    await expectAccessible(page, `with the file uploaded under the shorter name at ${width} px`);
  });
}
