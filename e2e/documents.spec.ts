/**
 * Documents against the real server and the production build (SPEC §4 upload flow, §7, §8): an applicant uploads
 * a PNG, a PDF and a DOCX (made here) and sees each marked answered; every refused file shows its message; a file
 * the server refuses by its content shows the error toast and clears the answer; a conversion in progress blocks
 * the tab switch; a file is deleted behind its confirm dialog; leaving the upload tab deletes its file; the
 * application's PDF copy downloads and holds the applicant's answers. The print view and the public link: with a
 * token from the admin CLI when it can make one (it cannot while this server holds the embedded database), else
 * with the server's answer stubbed; an invalid token against the real server. axe finds no WCAG 2.0–2.2 A/AA
 * violation in the upload states, the dialogs and the print view.
 */
import fs from 'node:fs';
import { afterMotion } from './motion';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './axe';
import { essayDocx, executable, pdfText, png } from '../testing/files';
import { pdfToText } from '../testing/poppler';
import { expectOnServer, newLoggedInApplicant, serverAnswers } from './account';
import { E2E_ADMIN_TOKEN } from '../playwright.config';

const KEY = 'personal_statement_doc';
const MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  nameTooLong:
    'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
  empty: 'Your file is empty. Please upload a non-empty file.',
};
const LINK_INVALID = 'This link is invalid or has expired.';

/* ---- Files made here ---- */

/** A tiny PDF written by hand: one page, one line of Helvetica, a correct cross-reference table. */
function handWrittenPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const files = {
  png: { name: 'photo.png', mimeType: 'image/png', buffer: png(64, 48) },
  pdf: { name: 'statement.pdf', mimeType: 'application/pdf', buffer: handWrittenPdf('My personal statement') },
  docx: {
    name: 'essay.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: essayDocx(),
  },
};

/* ---- The page ---- */

const fileInput = (page: Page) => page.getByLabel('Personal Statement Document', { exact: true });
const fieldError = (page: Page) => page.locator(`#${KEY}-error`);
const fieldStatus = (page: Page) => page.locator(`#${KEY}-status`);
const uploadedFile = (page: Page, name: string) => page.getByText(`Uploaded file: ${name}`);

async function documentAnswers(request: APIRequestContext): Promise<Record<string, { file_name: string }>> {
  const res = await request.get('/api/document-answer');
  expect(res.status()).toBe(200);
  return res.json();
}

const isStatusCall = (url: string, method: string, wanted: string) =>
  method === wanted && new URL(url).pathname === `/api/pdf/document-answer/${KEY}`;

/** /final-steps, the upload tab chosen, and the question's data fetched (its conversion status checked). */
async function openUploadTab(page: Page) {
  await page.goto('/final-steps');
  const tab = page.getByRole('tab', { name: 'Upload a document' });
  const checked = page.waitForResponse((r) => isStatusCall(r.url(), r.request().method(), 'GET'));
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(fileInput(page)).toBeVisible();
  await checked;
}

/** Uploads a file and waits until it is converted and marked answered (on the page and on the server). */
async function uploadAndSee(page: Page, file: (typeof files)[keyof typeof files]) {
  await fileInput(page).setInputFiles(file);
  await expect(uploadedFile(page, file.name)).toBeVisible({ timeout: 20_000 });
  await expect(fieldStatus(page)).toHaveText(`${file.name} was uploaded.`);
  await expectOnServer(page.request, { [KEY]: 'ANSWERED' });
  expect((await documentAnswers(page.request))[KEY]?.file_name).toBe(file.name);
}

/** Holds the status polls of the next conversion until released: the page stays in 'converting'. */
async function holdPolls(page: Page) {
  const held: Route[] = [];
  let holding = true;
  let started = false;
  const pattern = `**/api/pdf/document-answer/${KEY}`;
  await page.route(pattern, (route) => {
    const method = route.request().method();
    if (method === 'POST') started = true;
    if (holding && started && method === 'GET') held.push(route);
    else void route.continue();
  });
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(pattern);
  };
}

test.describe('uploading documents', () => {
  test('PNG, PDF and DOCX upload and are marked answered; refused files; failure; blocked tab; delete; tab switch', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await newLoggedInApplicant(page.request, 'docs');
    await openUploadTab(page);
    await expectAccessible(page, 'on the upload tab');

    // Each file rule's message on the field; nothing is sent.
    const refused: [{ name: string; mimeType: string; buffer: Buffer }, string][] = [
      [{ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001, 1) }, MESSAGES.tooLarge],
      [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') }, MESSAGES.wrongType],
      [{ name: `${'a'.repeat(29)}.pdf`, mimeType: 'application/pdf', buffer: files.pdf.buffer }, MESSAGES.nameTooLong],
      [{ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) }, MESSAGES.empty],
    ];
    let presigned = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/presigned-url')) presigned += 1;
    });
    for (const [file, message] of refused) {
      await fileInput(page).setInputFiles(file);
      await expect(fieldError(page)).toHaveText(`Error: ${message}`);
      await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(presigned).toBe(0);
    await expectAccessible(page, 'with a refused file');

    // A PNG, with its progress and status while converting (the polls are held to look).
    const release = await holdPolls(page);
    await fileInput(page).setInputFiles(files.png);
    await expect(page.getByRole('progressbar', { name: 'Converting photo.png to PDF…' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(fieldStatus(page)).toHaveText('Converting photo.png to PDF…');
    await expect(fieldError(page)).toHaveCount(0);
    await expectAccessible(page, 'while converting');

    // The tab switch waits for the conversion.
    await page.getByRole('tab', { name: 'Write your statement' }).click();
    const blocked = page.getByRole('dialog', { name: 'File Upload in Progress' });
    await expect(blocked).toContainText('Please wait until the file upload has completed.');
    await expectAccessible(page, 'with the File Upload in Progress dialog');
    await blocked.getByRole('button', { name: 'OK' }).click();
    await expect(blocked).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');

    await release();
    await expect(uploadedFile(page, 'photo.png')).toBeVisible({ timeout: 20_000 });
    await expectOnServer(page.request, { [KEY]: 'ANSWERED' });
    expect((await documentAnswers(page.request))[KEY]?.file_name).toBe('photo.png');
    await expectAccessible(page, 'with an uploaded file');

    // A PDF, then a DOCX: each replaces the one before.
    await uploadAndSee(page, files.pdf);
    await uploadAndSee(page, files.docx);

    // A file the server refuses by its content (an executable named .pdf): the toast, the field, the answer cleared.
    await fileInput(page).setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: executable() });
    const toast = page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Error uploading file for Personal Statement Document');
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(uploadedFile(page, 'essay.docx')).toHaveCount(0);
    await expect.poll(async () => (await serverAnswers(page.request))[KEY] ?? '', { timeout: 15_000 }).toBe('');
    await expect.poll(() => documentAnswers(page.request)).toEqual({});
    await expectAccessible(page, 'after a failed upload');

    // Delete, behind its confirm dialog.
    await uploadAndSee(page, files.pdf);
    await page.getByRole('button', { name: 'Delete file' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete File' });
    await expect(confirm).toContainText('Are you sure you want to delete your file?');
    await expectAccessible(page, 'with the delete dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(uploadedFile(page, 'statement.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Delete file' }).click();
    await expect(confirm).toBeVisible();
    await afterMotion(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(fieldStatus(page)).toHaveText('Your file was deleted.');
    await expect(uploadedFile(page, 'statement.pdf')).toHaveCount(0);
    await expect.poll(() => documentAnswers(page.request)).toEqual({});
    await expect.poll(async () => (await serverAnswers(page.request))[KEY] ?? '').toBe('');

    // Leaving the upload tab with a file deletes its conversion and document answer, once the applicant agrees and
    // the Undo of the toast that follows has had its time; Undo keeps the file.
    await uploadAndSee(page, files.png);
    await page.getByRole('tab', { name: 'Write your statement' }).click();
    const ask = page.getByRole('dialog', { name: 'Switch to Write your statement?' });
    await expect(ask).toContainText(
      'Your uploaded file photo.png will be deleted. You can undo this for a few seconds after switching.',
    );
    await expect(ask).not.toContainText('What you typed');
    await expectAccessible(page, 'with the tab switch confirmation');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(uploadedFile(page, 'photo.png')).toBeVisible();
    await page.getByRole('tab', { name: 'Write your statement' }).click();
    await ask.getByRole('button', { name: 'Switch and clear' }).click();
    await expect(page.getByRole('tab', { name: 'Write your statement' })).toHaveAttribute('aria-selected', 'true');
    const removed = page.getByRole('status').filter({ hasText: 'File removed' });
    await expect(removed).toContainText('Your uploaded file photo.png was removed.');
    // Hovered, the toast waits (as for an applicant reading it): the scan below, slow on a busy machine, once
    // outlasted its 10 s and the Undo was gone.
    await removed.hover();
    await expectAccessible(page, 'with the file removed toast');
    // (The keyboard's way to the Undo, F8 then Tab, is in journey.spec.ts; earlier error toasts are still up here.)
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
    await expect(uploadedFile(page, 'photo.png')).toBeVisible();
    await expectOnServer(page.request, { [KEY]: 'ANSWERED' });
    expect(Object.keys(await documentAnswers(page.request))).toEqual([KEY]);
    expect(await (await page.request.get('/api/tabs')).json()).toEqual({ personal_statement: 'upload' });

    // Without Undo, the file goes once the toast's time is over.
    await page.getByRole('tab', { name: 'Write your statement' }).click();
    await ask.getByRole('button', { name: 'Switch and clear' }).click();
    await expect(page.getByRole('tab', { name: 'Write your statement' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => documentAnswers(page.request), { timeout: 20_000 }).toEqual({});
    await expect.poll(async () => (await serverAnswers(page.request))[KEY] ?? '', { timeout: 20_000 }).toBe('');
    const tabs = await (await page.request.get('/api/tabs')).json();
    expect(tabs).toEqual({ personal_statement: 'essay' });
  });

  test('a visitor cannot upload', async ({ page }) => {
    await page.goto('/final-steps');
    await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
  });
});

test.describe('the PDF copy of the application', () => {
  test('downloads from /final-steps and holds the applicant’s answers and document', async ({ page }) => {
    test.setTimeout(120_000);
    await newLoggedInApplicant(page.request, 'pdfcopy');
    const answers = {
      first_name: 'Augusta',
      last_name: 'Lovelace',
      city: 'Albany',
      gender: 'F',
      gender_desc: 'Female',
    };
    expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
    await openUploadTab(page);
    await uploadAndSee(page, files.docx);

    const button = page.getByRole('button', { name: 'Download a PDF copy of your application' });
    await expect(button).toBeVisible();
    await expectAccessible(page, 'with the PDF button');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    const file = await download.path();
    expect(file).toBeTruthy();
    const bytes = fs.readFileSync(file!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // pdfText inflates the compressed streams and reads the embedded fonts' glyphs back through their ToUnicode maps.
    const text = pdfText(bytes);
    for (const value of ['Augusta', 'Lovelace', 'Albany', '[X] Female', 'Personal Statement']) {
      expect(text, `the PDF shows ${value}`).toContain(value);
    }
    // The converted DOCX is appended, as LibreOffice set it (read back with poppler, as a reader's viewer does).
    expect(pdfToText(bytes)).toContain('I have always loved mathematics and poetry.');
  });
});

/* ---- Tokens ---- */

/**
 * Creates a service token or a public link with the admin API (ADMIN_API_TOKEN, set on the e2e servers): the admin
 * CLI cannot open the embedded database while the server holds it. Returns the link's path and query.
 */
async function adminLink(request: APIRequestContext, path: string, data: object): Promise<string> {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, '');
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The print view: its h2s are the documents (when there are any) and the form's pages; nothing to operate. */
async function expectPrintView(page: Page, name: string, { documents = false } = {}) {
  await expect(h1(page, name)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    ...(documents ? ['Documents'] : []),
    'About You',
    'Your Academics',
    'Final Steps',
  ]);
  const main = page.getByRole('main');
  await expect(main.locator('input, select, textarea, button, hr')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('the print view', () => {
  test('a token from the admin API opens the applicant read-only', async ({ page, browser }) => {
    const username = await newLoggedInApplicant(page.request, 'printview');
    expect(
      (
        await page.request.put('/api/answer', { data: { first_name: 'Mary', last_name: 'Somerville', gender: 'F' } })
      ).status(),
    ).toBe(200);
    const url = await adminLink(page.request, '/admin/service-tokens', { username });
    // A separate browser context: staff are not the applicant (and axe needs a page of a context).
    const printViewContext = await browser.newContext();
    const printView = await printViewContext.newPage();
    await printView.goto(url);
    await expectPrintView(printView, 'Mary Somerville');
    await expect(printView.getByText('[X] Female')).toBeVisible();
    await expectAccessible(printView, 'in the print view');
    await printViewContext.close();
  });

  test('the server renders the page: answers, title and print view without a script; axe', async ({
    page,
    browser,
  }) => {
    const username = await newLoggedInApplicant(page.request, 'printviewpage');
    const answers = { first_name: 'Mary', last_name: 'Somerville', gender: 'F', city: 'Jedburgh' };
    expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
    const url = await adminLink(page.request, '/admin/service-tokens', { username });

    // The view is the HTML (src/kernel/shells.ts, PRINT_VIEW_VARIANTS): it reads the same without JavaScript.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    const response = await still.goto(url);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expectPrintView(still, 'Mary Somerville');
    await expect(still).toHaveTitle('Mary Somerville - Undergraduate Admission Application');
    await expect(still.getByText('[X] Female')).toBeVisible();
    await expect(still.getByText('This application needs JavaScript.', { exact: false })).toHaveCount(0);
    await noScript.close();

    // With JavaScript, the page asks for no script: nothing runs on the staff computer.
    const printViewContext = await browser.newContext();
    const printView = await printViewContext.newPage();
    const scripts: string[] = [];
    printView.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await printView.goto(url);
    await expectPrintView(printView, 'Mary Somerville');
    await expect(printView.getByText('Jedburgh')).toBeVisible();
    expect(scripts).toEqual([]);
    await expectAccessible(printView, 'in the server-rendered print view');
    await printView.emulateMedia({ media: 'print' });
    await expectAccessible(printView, 'in the server-rendered print view (print)');
    await printViewContext.close();
  });

  test('the print view of a bundle (the server’s answer stubbed): answers, [X] marks, no controls; axe', async ({
    page,
  }) => {
    await page.route('**/service/tmp-pdf?**', (route) =>
      route.fulfill({
        json: {
          answer: {
            first_name: 'Mary',
            last_name: 'Somerville',
            gender: 'F',
            gender_desc: 'Female',
            city: 'Jedburgh',
            marital_status_single: true,
            activity_name: 'Astronomy club',
            activity_2_name: 'Translation',
            personal_statement_doc: 'ANSWERED',
          },
          add_another: { activity: 2 },
          document_answer: { [KEY]: { file_name: 'essay.docx', file_size: 2048 } },
          tabs: { personal_statement: 'upload' },
        },
      }),
    );
    await page.goto('/about?service_token=stubbed');
    await expectPrintView(page, 'Mary Somerville', { documents: true });
    await expect(page.getByRole('link', { name: 'Personal Statement Document: essay.docx (PDF)' })).toHaveAttribute(
      'href',
      `/service/document?service_token=stubbed&key=${KEY}`,
    );
    await expect(page.getByText('[X] Female')).toBeVisible();
    await expect(page.getByText('[ ] Male')).toBeVisible();
    await expect(page.getByText('[X] Single')).toBeVisible();
    await expect(page.getByText('Jedburgh')).toBeVisible();
    await expect(page.getByText('Translation')).toBeVisible();
    await expect(page.getByText('[X] Document uploaded')).toBeVisible();
    await expect(page.getByText('essay.docx (2 KB)')).toBeVisible();
    await expectAccessible(page, 'in the print view');
    await page.emulateMedia({ media: 'print' });
    await expectAccessible(page, 'in the print view (print)');
  });

  test('an invalid or expired token: the server’s message, no answers', async ({ page }) => {
    await page.goto('/about?service_token=not-a-real-token');
    await expect(h1(page, 'Application')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(LINK_INVALID).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expect(page.getByRole('main').locator('input, select, textarea, button')).toHaveCount(0);
    await expectAccessible(page, 'with an invalid service token');
  });
});

test.describe('a public link', () => {
  test('a link from the admin API loads the saved answers for a visitor', async ({ page }) => {
    await page.goto(
      await adminLink(page.request, '/admin/public-links', { answer: { first_name: 'Grace', last_name: 'Hopper' } }),
    );
    await expect(page.getByText('Your saved application was loaded.', { exact: false })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First Name (required)' })).toHaveValue('Grace');
  });

  test('saved answers (the server’s answer stubbed): in the form, with a notice', async ({ page }) => {
    await page.route('**/public/tmp?**', (route) =>
      route.fulfill({ json: { first_name: 'Grace', last_name: 'Hopper', city: 'Arlington' } }),
    );
    await page.goto('/about?token=stubbed');
    const notices = page.getByRole('region', { name: 'Notifications' });
    await expect(notices.getByText('Your saved application was loaded.', { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('textbox', { name: 'First Name (required)' })).toHaveValue('Grace');
    await expect(page.getByRole('textbox', { name: 'City (required)' })).toHaveValue('Arlington');
    await expectAccessible(page, 'with the saved-answers notice');
  });

  test('an invalid link: the server’s message in an error toast', async ({ page }) => {
    await page.goto('/about?token=not-a-real-token');
    const notices = page.getByRole('region', { name: 'Notifications' });
    await expect(notices.getByText(LINK_INVALID)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'First Name (required)' })).toHaveValue('');
  });
});
