/**
 * The school report in the staff console, against the real server and build, at 1280 and 390 px: two applicants
 * submit through the applicants' API; one's counselor sends a transcript through the counselor's API (a Word file,
 * converted), the other's has not answered. A reader filters the list to "Awaiting the counselor", opens the
 * applicant whose report arrived and reads the transcript (audited); an admin marks the other's report received by
 * other means. axe finds no WCAG 2.0–2.2 A/AA violation on any page or state visited.
 */
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { essayDocx } from '../testing/files';
import { counselorLinkToken } from '../testing/mail';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { COUNSELOR_TOKEN_HEADER } from '../src/kernel/counselor/paths';
import { SCHOOL_REPORT_MESSAGES } from '../src/kernel/schoolReport/messages';
import { enrolStaff, mailTo, startStaffServer, type StaffServer } from './staffServer';
import path from 'node:path';

const PASSWORD = 'Maple-Syrup-2024!';
const APPLICANT_PASSWORD = 'Persist-Answers-2026!';
const VIEWPORTS = [
  { width: 1280, height: 800, admin: 'admin.report@college.example', reader: 'reader.report@college.example' },
  {
    width: 390,
    height: 844,
    admin: 'admin.report.phone@college.example',
    reader: 'reader.report.phone@college.example',
  },
];
const RECEIVED = {
  username: 'amara.received@example.com',
  first: 'Amara',
  last: 'Received',
  counselor: 'sent@school.example',
};
const WAITING = {
  username: 'bola.waiting@example.com',
  first: 'Bola',
  last: 'Waiting',
  counselor: 'slow@school.example',
};
/** Never marked: the awaiting filter finds her at every width. */
const STILL = {
  username: 'chidi.still@example.com',
  first: 'Chidi',
  last: 'Still',
  counselor: 'slower@school.example',
};

let server: StaffServer;

/** Signs up, answers (naming the counselor) and submits through the applicants' API. */
async function submittedApplicant(who: typeof RECEIVED) {
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  const post = (p: string, data: object) => api.post(p, { data });
  expect((await post('/public/signup', { username: who.username, password: APPLICANT_PASSWORD })).status()).toBe(201);
  const code = () =>
    mailTo(who.username, server.dataDir)
      .at(-1)
      ?.match(/confirmation code is (\d{6})/)?.[1] ?? null;
  await expect.poll(code, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  expect((await post('/public/confirm', { username: who.username, code: code() })).status()).toBe(200);
  expect((await post('/public/login', { username: who.username, password: APPLICANT_PASSWORD })).status()).toBe(200);
  const answer = {
    ...completeApplication(),
    first_name: who.first,
    last_name: who.last,
    preferred_name: who.first,
    counselor_email_address: who.counselor,
  };
  expect((await api.put('/api/answer', { data: answer })).status()).toBe(200);
  expect((await post('/api/submit', {})).status()).toBe(200);
  await api.dispose();
}

/** The counselor, from the mailed link: uploads a Word transcript (converted) and submits the report. */
async function counselorSends(to: string) {
  const outbox = path.join(server.dataDir, 'outbox');
  await expect.poll(() => counselorLinkToken(outbox, to), { timeout: 15_000 }).not.toBeNull();
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { [COUNSELOR_TOKEN_HEADER]: counselorLinkToken(outbox, to)! },
  });
  const presigned = await (await api.post('/counselor/api/presigned-url', { data: { kind: 'transcript' } })).json();
  const upload = await api.post(presigned.url, {
    multipart: {
      ...presigned.fields,
      file: { name: 'Transcript.docx', mimeType: 'application/octet-stream', buffer: essayDocx() },
    },
  });
  expect(upload.status()).toBe(204);
  const started = await api.post('/counselor/api/document/transcript', {
    data: { file_key: presigned.fields.key, file_name: 'Transcript.docx' },
  });
  expect(started.status()).toBe(202);
  await expect
    .poll(async () => (await (await api.get('/counselor/api/document/transcript')).json()).status, { timeout: 90_000 })
    .toBe('completed');
  expect((await api.post('/counselor/api/submit', { data: {} })).status()).toBe(200);
  await api.dispose();
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startStaffServer(
    VIEWPORTS.map((v) => v.admin),
    { readers: VIEWPORTS.map((v) => v.reader), name: 'staff-school-report' },
  );
  await submittedApplicant(RECEIVED);
  await submittedApplicant(WAITING);
  await submittedApplicant(STILL);
  await counselorSends(RECEIVED.counselor);
});

test.afterAll(async () => {
  await server?.stop();
});

const enrol = (page: Page, email: string) => enrolStaff(page, email, server, PASSWORD);

async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: 'Filters', exact: true });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

const results = (page: Page) => page.getByRole('region', { name: 'Applicants table' }).getByRole('table');

for (const viewport of VIEWPORTS) {
  test(`school report at ${viewport.width} px: filter, read the transcript, mark received`, async ({ browser }) => {
    test.setTimeout(180_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const reader = await (await browser.newContext({ viewport: size })).newPage();

    await test.step('the reader filters to awaiting the counselor', async () => {
      await enrol(reader, viewport.reader);
      await reader.goto(`${server.url}/staff/applicants`);
      await openFilters(reader);
      await reader.getByLabel('School report').selectOption('awaiting');
      await expect(reader).toHaveURL(/report=awaiting/);
      await expect(results(reader).getByRole('link', { name: `${STILL.first} ${STILL.last}` })).toBeVisible();
      await expect(results(reader).getByRole('link', { name: `${RECEIVED.first} ${RECEIVED.last}` })).toHaveCount(0);
      await expectAccessible(reader, `applicants, awaiting the counselor (${width})`);
    });

    await test.step('the reader opens the applicant whose report arrived and reads the transcript', async () => {
      await reader.getByLabel('School report').selectOption('complete');
      await results(reader)
        .getByRole('link', { name: `${RECEIVED.first} ${RECEIVED.last}` })
        .click();
      await expect(reader.getByRole('heading', { level: 1, name: `${RECEIVED.first} ${RECEIVED.last}` })).toBeVisible();
      const panel = reader.getByRole('region', { name: 'School report' });
      await expect(panel).toContainText('Received');
      await expect(panel).toContainText('Waiver');
      const documents = reader.getByRole('region', { name: 'Documents' });
      await expect(documents.getByText(/^Transcript \(from the counselor\)/)).toBeVisible();
      const link = documents.getByRole('link', { name: /^Open PDF of Transcript\.docx/ });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/\/documents\/school_report_transcript$/);
      const pdf = await reader.request.get(`${server.url}${href}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await expectAccessible(reader, `applicant with the school report (${width})`);
    });

    const admin = await (await browser.newContext({ viewport: size })).newPage();
    await test.step('the transcript read is in the audit log', async () => {
      await enrol(admin, viewport.admin);
      const res = await admin.request.get(
        `${server.url}/staff/api/audit?${new URLSearchParams({ action: 'document-opened', actor: viewport.reader })}`,
      );
      const rows = ((await res.json()) as { rows: { detail: string }[] }).rows;
      expect(rows.map((row) => row.detail)).toContain('school_report_transcript');
    });

    if (viewport.width === 1280) {
      await test.step('an admin marks the waiting applicant’s report received by other means', async () => {
        await admin.goto(`${server.url}/staff/applicants?report=awaiting`);
        await results(admin)
          .getByRole('link', { name: `${WAITING.first} ${WAITING.last}` })
          .click();
        const panel = admin.getByRole('region', { name: 'School report' });
        await panel.getByRole('radio', { name: /^Received by other means/ }).check();
        await panel.getByLabel('Note (required)').fill('The transcript came by post on 1 December.');
        await panel.getByRole('button', { name: 'Mark the school report' }).click();
        await expect(
          panel.getByRole('status').filter({ hasText: SCHOOL_REPORT_MESSAGES.markedReceived }),
        ).toBeVisible();
        await expect(panel).toContainText('The transcript came by post on 1 December.');
        await expectAccessible(admin, `applicant, marked received (${width})`);
      });
    }
    await reader.context().close();
    await admin.context().close();
  });
}
