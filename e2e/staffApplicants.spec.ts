/**
 * The console's applicant pages against the real server and the production build, at 1280 px and at 390 px: 60
 * fictional applicants (the CLI's seed-demo, run before the server starts) and one real applicant, Ngozi Okafor,
 * who signed up, answered (a personal statement that starts with "="), uploaded a Word document (converted to PDF)
 * and submitted through the applicants' API. A reader finds her with a misspelt search, filters to submitted, opens
 * her application, opens her document's PDF, downloads its original and the PDF copy, and steps to the next
 * applicant; an admin exports the submitted applications (the formula-like answer comes out prefixed with ', the row
 * count matches the list's; the Excel file is the same after a byte-order mark) and finds every step in the audit
 * log. axe finds no WCAG 2.0–2.2 A/AA violation on any page or state visited.
 */
import { expect, request as playwrightRequest, test, type Download, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { parse } from 'csv-parse/sync';
import { essayDocx } from '../testing/files';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { enrolStaff, mailTo, startStaffServer, type StaffServer } from './staffServer';

const PASSWORD = 'Maple-Syrup-2024!';
const APPLICANT_PASSWORD = 'Persist-Answers-2026!';
const APPLICANT = 'ngozi.okafor@example.com';
const STATEMENT = '=HYPERLINK("http://example.com","I want to study biology")';
const DOCUMENT = 'Personal statement.docx';

const VIEWPORTS = [
  { width: 1280, height: 800, admin: 'admin.list@college.example', reader: 'reader.list@college.example' },
  { width: 390, height: 844, admin: 'admin.list.phone@college.example', reader: 'reader.list.phone@college.example' },
];

let server: StaffServer;

/** Ngozi Okafor: signed up, confirmed, answered, a Word document converted, submitted (the applicants' own API). */
async function realApplicant(url: string) {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const post = (path: string, data: object) => api.post(path, { data });
  expect((await post('/public/signup', { username: APPLICANT, password: APPLICANT_PASSWORD })).status()).toBe(201);
  const code = () =>
    mailTo(APPLICANT, server.dataDir)
      .at(-1)
      ?.match(/confirmation code is (\d{6})/)?.[1] ?? null;
  await expect.poll(code, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  expect((await post('/public/confirm', { username: APPLICANT, code: code() })).status()).toBe(200);
  expect((await post('/public/login', { username: APPLICANT, password: APPLICANT_PASSWORD })).status()).toBe(200);

  const answer = {
    ...completeApplication(),
    first_name: 'Ngozi',
    middle_name: '',
    last_name: 'Okafor',
    preferred_name: 'Ngozi',
    birth_name: '',
    personal_statement_essay: STATEMENT,
  };
  expect((await api.put('/api/answer', { data: answer })).status()).toBe(200);

  const key = 'personal_statement_doc';
  const { url: uploadUrl, fields } = await (await post('/api/presigned-url', { answer_key: key })).json();
  const upload = await api.post(uploadUrl, {
    multipart: {
      ...fields,
      file: { name: DOCUMENT, mimeType: 'application/octet-stream', buffer: essayDocx() },
    },
  });
  expect(upload.status()).toBe(204);
  const started = await post(`/api/pdf/document-answer/${key}`, { file_key: fields.key, file_name: DOCUMENT });
  expect(started.status()).toBe(202);
  await expect
    .poll(async () => (await (await api.get(`/api/pdf/document-answer/${key}`)).json()).status, { timeout: 90_000 })
    .toBe('completed');

  const submitted = await api.post('/api/submit', { data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await api.dispose();
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startStaffServer(
    VIEWPORTS.map((viewport) => viewport.admin),
    { readers: VIEWPORTS.map((viewport) => viewport.reader), seed: 60, name: 'staff-applicants' },
  );
  await realApplicant(server.url);
});

test.afterAll(async () => {
  await server?.stop();
});

const enrol = (page: Page, email: string) => enrolStaff(page, email, server, PASSWORD);

/** The count a status link shows ("Submitted 23"). */
async function countOf(page: Page, label: string): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Applicants by status' }).getByRole('link', {
    name: new RegExp(`^${label} \\d+$`),
  });
  await expect(link).toBeVisible();
  return Number((await link.textContent())!.replace(/\D/g, ''));
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Opens the filters (closed at first on a phone, open on a wide screen). */
async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: 'Filters', exact: true });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

const results = (page: Page) => page.getByRole('region', { name: 'Applicants table' }).getByRole('table');
/** Her row's link (the seeded applicants' names are drawn at random: one may share hers). */
const herLink = (page: Page) =>
  results(page).getByRole('row').filter({ hasText: APPLICANT }).getByRole('link', { name: 'Ngozi Okafor' });

for (const viewport of VIEWPORTS) {
  test(`applicants at ${viewport.width} px: search, filter, read, documents, PDF, next, export, audit`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const readerContext = await browser.newContext({ viewport: size, acceptDownloads: true });
    const reader = await readerContext.newPage();

    await test.step('the reader enrols and opens the list from the home page', async () => {
      await enrol(reader, viewport.reader);
      await reader.getByRole('link', { name: 'Find and read applications' }).click();
      await expect(reader.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
      await expect(results(reader).getByRole('row')).toHaveCount(51);
      await expect(
        reader.getByText(/Showing 1 to 50 of 61 applicants\. Sorted by last name, ascending\./),
      ).toBeVisible();
      await expect(results(reader).getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await expectAccessible(reader, `applicants (${width})`);
    });

    await test.step('next page and back, by keyboard', async () => {
      await reader.getByRole('link', { name: 'Next page' }).focus();
      await reader.keyboard.press('Enter');
      await expect(reader).toHaveURL(/after=/);
      await expect(reader.getByRole('heading', { name: 'Results, page 2' })).toBeFocused();
      await expect(results(reader).getByRole('row')).toHaveCount(12);
      await reader.goBack();
      await expect(results(reader).getByRole('row')).toHaveCount(51);
    });

    await test.step('a misspelt search finds the applicant; a search with no match says so', async () => {
      await reader.getByLabel('Search by name or email').fill('Okafr');
      await expect(reader).toHaveURL(/\?q=Okafr$/);
      await expect(herLink(reader)).toBeVisible();
      await expect(reader.getByText(/Sorted by best match\./)).toBeVisible();
      await expectAccessible(reader, `applicants, searched (${width})`);
      await reader.getByLabel('Search by name or email').fill('Zzyzx Qwv');
      await expect(results(reader).getByText('No applicants match this search and these filters.')).toBeVisible();
      await expectAccessible(reader, `applicants, none found (${width})`);
      await reader.getByLabel('Search by name or email').fill('');
      await expect(reader).toHaveURL(/\/staff\/applicants$/);
    });

    let submitted = 0;
    await test.step('filtered to submitted, sorted by submitted date', async () => {
      // Just after the search is cleared the links may still show the empty search's counts (0) until the new
      // ones arrive: wait for the count itself, not for the link.
      await expect.poll(async () => (submitted = await countOf(reader, 'Submitted'))).toBeGreaterThan(1);
      await reader
        .getByRole('navigation', { name: 'Applicants by status' })
        .getByRole('link', { name: /^Submitted/ })
        .click();
      await expect(reader).toHaveURL(/status=submitted/);
      await expect(reader.getByText(new RegExp(`of ${submitted} applicants`))).toBeVisible();
      await openFilters(reader);
      await reader.getByLabel('Sort by').selectOption('submitted');
      await expect(reader).toHaveURL(/status=submitted&sort=submitted/);
      await expect(results(reader).getByRole('columnheader', { name: /^Submitted/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await expect(reader.getByText(/Sorted by submitted date, ascending\./)).toBeVisible();
      await expectAccessible(reader, `applicants, submitted (${width})`);
    });

    await test.step('the first applicant, then the next one', async () => {
      const first = results(reader).getByRole('row').nth(1).getByRole('link');
      const second = results(reader).getByRole('row').nth(2).getByRole('link');
      const [firstName, secondName] = [await first.textContent(), await second.textContent()];
      await first.click();
      await expect(reader.getByRole('heading', { level: 1, name: firstName! })).toBeVisible();
      await expect(reader.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
        'href',
        /status=submitted&sort=submitted/,
      );
      await expectAccessible(reader, `applicant (${width})`);
      await reader.getByRole('link', { name: 'Next applicant' }).click();
      await expect(reader.getByRole('heading', { level: 1, name: secondName! })).toBeVisible();
      await expect(reader.getByRole('heading', { level: 1, name: secondName! })).toBeFocused();
      await reader.getByRole('link', { name: 'Back to the list' }).click();
      await expect(reader).toHaveURL(/status=submitted&sort=submitted/);
    });

    await test.step('Ngozi Okafor: her answers, her document (its PDF in a new tab, its original) and the PDF copy', async () => {
      await reader.getByLabel('Search by name or email').fill('Okafr');
      await herLink(reader).click();
      await expect(reader.getByRole('heading', { level: 1, name: 'Ngozi Okafor' })).toBeVisible();
      await expect(reader.getByText(APPLICANT, { exact: true })).toBeVisible();
      await expect(reader.getByText(/^APP-\d{6}$/)).toBeVisible();
      const answers = reader.getByRole('region', { name: 'Answers' });
      await expect(answers.getByText(STATEMENT)).toBeVisible();
      await expect(answers.getByText('Choose a primary academic program of interest.')).toBeVisible();
      await expect(reader.getByRole('region', { name: 'Timeline' })).toContainText('Submitted');

      const documents = reader.getByRole('region', { name: 'Documents' });
      await expect(documents.getByText(`${DOCUMENT} — converted to PDF`, { exact: false })).toBeVisible();
      const document = documents.getByRole('link', { name: `Open PDF of ${DOCUMENT} (opens in a new tab)` });
      const original = documents.getByRole('link', { name: `Download original (.docx) ${DOCUMENT}` });
      await expect(document).toBeVisible();
      await expect(original).toBeVisible();
      const href = (await document.getAttribute('href'))!;
      expect(href).toMatch(/^\/staff\/api\/applicants\/\d+\/documents\/personal_statement_doc$/);
      const [popup] = await Promise.all([readerContext.waitForEvent('page'), document.click()]);
      await expect.poll(() => popup.url()).toContain(href);
      await popup.close();
      const pdf = await reader.request.get(`${server.url}${href}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
      expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

      await expect(original).toHaveAttribute('href', `${href}/original`);
      const [kept] = await Promise.all([reader.waitForEvent('download'), original.click()]);
      expect(kept.suggestedFilename()).toBe(DOCUMENT);
      expect((await bytesOf(kept)).equals(essayDocx())).toBe(true);

      const [download] = await Promise.all([
        reader.waitForEvent('download', { timeout: 60_000 }),
        reader.getByRole('link', { name: 'Download the application as a PDF' }).click(),
      ]);
      expect((await bytesOf(download)).subarray(0, 4).toString()).toBe('%PDF');
      await expectAccessible(reader, `applicant with documents (${width})`);
    });
    await test.step('a reader has no export', async () => {
      await reader.getByRole('link', { name: 'Back to the list' }).click();
      await expect(reader.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
      await expect(reader.getByRole('region', { name: 'Export' })).toHaveCount(0);
      const refused = await reader.request.get(`${server.url}/staff/api/export/applications.csv`);
      expect(refused.status()).toBe(403);
    });
    await readerContext.close();

    const adminContext = await browser.newContext({ viewport: size, acceptDownloads: true });
    const admin = await adminContext.newPage();
    await test.step('the admin exports the submitted applications', async () => {
      await enrol(admin, viewport.admin);
      await admin.goto(`${server.url}/staff/applicants?status=submitted`);
      await expect(admin.getByText(new RegExp(`of ${submitted} applicants`))).toBeVisible();
      await openFilters(admin);
      const exportArea = admin.getByRole('region', { name: 'Export' });
      await expectAccessible(admin, `applicants with export (${width})`);
      const link = exportArea.getByRole('link', { name: 'applications.csv for the SIS' });
      await expect(link).toHaveAttribute('href', '/staff/api/export/applications.csv?status=submitted');
      const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
      const rows: Record<string, string>[] = parse(await bytesOf(download), { columns: true, bom: true });
      expect(rows).toHaveLength(submitted);
      expect(rows.every((row) => row.status === 'submitted')).toBe(true);
      const ngozi = rows.find((row) => row.email === APPLICANT)!;
      expect(ngozi.last_name).toBe('Okafor');
      expect(ngozi.personal_statement_essay).toBe(`'${STATEMENT}`);
      expect(ngozi.legal_agree).toBe('true');

      // The Excel file: the same bytes after a UTF-8 byte-order mark, named so.
      const sis = await admin.request.get(`${server.url}/staff/api/export/applications.csv?status=submitted`);
      const excel = await admin.request.get(
        `${server.url}/staff/api/export/applications.csv?status=submitted&for=excel`,
      );
      expect(excel.headers()['content-disposition']).toMatch(/filename="applications-excel-\d{4}-\d{2}-\d{2}\.csv"/);
      const [sisBytes, excelBytes] = [await sis.body(), await excel.body()];
      expect([...excelBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(sisBytes.subarray(0, 3).toString()).toBe('app');
      expect(excelBytes.subarray(3).equals(sisBytes)).toBe(true);
    });

    await test.step('every step is in the audit log', async () => {
      const entries = async (action: string, actor: string) => {
        const query = new URLSearchParams({ action, actor });
        const res = await admin.request.get(`${server.url}/staff/api/audit?${query}`);
        expect(res.status()).toBe(200);
        return ((await res.json()) as { rows: { detail: string; target: string }[] }).rows;
      };
      expect((await entries('search', viewport.reader)).map((row) => row.detail)).toContain('q=Okafr');
      // A filter alone is a listing, not a search with no words.
      expect((await entries('search', viewport.reader)).map((row) => row.detail)).not.toContain('status=submitted');
      expect((await entries('applicants-listed', viewport.reader)).map((row) => row.detail)).toContain(
        'status=submitted',
      );
      const opened = await entries('applicant-opened', viewport.reader);
      expect(opened).not.toHaveLength(0);
      expect(opened.every((row) => /^APP-\d{6}$/.test(row.target))).toBe(true);
      expect((await entries('document-opened', viewport.reader)).map((row) => row.detail)).toContain(
        'personal_statement_doc',
      );
      expect((await entries('document-original-downloaded', viewport.reader)).map((row) => row.detail)).toContain(
        'personal_statement_doc',
      );
      expect(await entries('pdf-downloaded', viewport.reader)).not.toHaveLength(0);
      const exports = await entries('export', viewport.admin);
      expect(exports.map((row) => row.detail)).toContainEqual(expect.stringMatching(/^for=sis rows=\d+ sha256=/));
      expect(exports.map((row) => row.detail)).toContain('started for=sis status=submitted');
      expect(exports.map((row) => row.detail)).toContain('started for=excel status=submitted');
      await admin.goto(`${server.url}/staff/audit?action=export`);
      await expect(admin.getByRole('cell', { name: /^for=sis rows=/ }).first()).toBeVisible();
      await expectAccessible(admin, `audit log, exports (${width})`);
    });
    await adminContext.close();
  });
}
