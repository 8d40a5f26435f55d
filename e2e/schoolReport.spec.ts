import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { counselorLinkToken } from '../testing/mail';
import { expectAccessible } from './axe';
import { newLoggedInApplicant } from './account';
import { outbox } from './outbox';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { SCHOOL_REPORT_MESSAGES as M } from '../src/kernel/schoolReport/messages';
import { COUNSELOR_MESSAGES } from '../src/kernel/counselor/messages';
import { essayDocx } from '../testing/files';

/**
 * The counselor's school report end to end, at 390 and 1280 px: the request from Final Steps or on submit, the
 * mail in the outbox, the counselor's page (its own entry, no account: the link), the status page; a decline and
 * another counselor named, a replaced link refused, a bounced address.
 */
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The token of the newest counselor link mailed to `to` (waits for the mail: the worker sends it after the answer). */
async function counselorToken(to: string): Promise<string> {
  const dir = path.resolve('.e2e-data', 'main', 'outbox');
  await expect.poll(() => counselorLinkToken(dir, to), { timeout: 15_000 }).not.toBeNull();
  return counselorLinkToken(dir, to)!;
}

async function applicantWithCounselor(page: Page, prefix: string, counselorEmail: string) {
  const username = await newLoggedInApplicant(page.request, prefix);
  const answers = {
    ...completeApplication(),
    counselor_first_name: 'Grace',
    counselor_last_name: 'Hopper',
    counselor_email_address: counselorEmail,
    counselor_waiver_request: 'Y',
  };
  expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
  return username;
}

/** The counselor's page in a browser of its own (no applicant cookie), at the test's width. */
async function counselorPage(page: Page, token: string) {
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()! });
  const counselor = await context.newPage();
  await counselor.goto(`/counselor/school-report#t=${token}`);
  return counselor;
}

const submit = async (page: Page) => expect((await page.request.post('/api/submit', { data: {} })).status()).toBe(200);
const statusRegion = (page: Page) => page.getByRole('region', { name: 'Your application’s status' });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 900 }));

    test('Final Steps sends the request now; after submitting, the status page says requested', async ({ page }) => {
      const counselor = `now-${width}-${unique()}@school.example`;
      await applicantWithCounselor(page, `report-now-${width}`, counselor);
      await page.goto('/final-steps');
      const send = page.getByRole('button', { name: 'Send the request now' });
      await send.scrollIntoViewIfNeeded();
      // It is enabled once the saved answers are in the page (the profile): pressed before, it would say what is missing.
      await expect(send).not.toHaveAttribute('aria-disabled');
      await expectAccessible(page, 'on Final Steps with the request button');
      await send.click();
      await expect(page.getByRole('status').filter({ hasText: M.requested })).toBeVisible();
      await expect(page.getByText(/We asked Grace Hopper on .*: Requested/)).toBeVisible();
      await counselorToken(counselor);

      expect((await page.request.post('/api/submit', { data: {} })).status()).toBe(200);
      await page.goto('/completion');
      const status = page.getByRole('region', { name: 'Your application’s status' });
      await expect(status.getByText('Submitted, not yet complete.')).toBeVisible();
      await expect(status).toContainText(`Grace Hopper (${counselor}): Requested on`);
      await expect(status).toContainText('We will remind them automatically on');
      await expectAccessible(page, 'on the status page, requested');
    });

    test('the counselor uploads a Word transcript and types a recommendation; the applicant sees it received', async ({
      page,
    }) => {
      const counselorEmail = `flow-${width}-${unique()}@school.example`;
      const username = await applicantWithCounselor(page, `report-flow-${width}`, counselorEmail);
      await submit(page);
      const counselor = await counselorPage(page, await counselorToken(counselorEmail));
      await expect(counselor.getByRole('heading', { level: 1, name: /^School report for / })).toBeVisible();
      await expectAccessible(counselor, 'on the counselor’s page');

      await counselor.getByLabel('Choose the transcript file').setInputFiles({
        name: 'transcript.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: essayDocx(),
      });
      const transcript = counselor.getByRole('region', { name: /^Transcript/ });
      // Converted by LibreOffice (the product's pipeline): the page says it was uploaded once the PDF exists.
      await expect(transcript.getByText(/^Uploaded: transcript\.docx$/)).toBeVisible({ timeout: 60_000 });
      await counselor.getByRole('radio', { name: 'Type it here' }).check();
      await counselor.getByLabel('Your recommendation').fill('Ngozi is the most careful thinker I have taught.');
      await counselor.getByRole('button', { name: 'Save the recommendation' }).click();
      await expect(counselor.getByText(COUNSELOR_MESSAGES.recommendationSaved)).toBeVisible();
      await counselor.getByRole('button', { name: 'Review and submit' }).click();
      await expect(counselor.getByRole('heading', { name: 'Review what you will send' })).toBeFocused();
      await expectAccessible(counselor, 'on the counselor’s review');
      await counselor.getByRole('button', { name: 'Submit the school report' }).click();
      await expect(counselor.getByText(COUNSELOR_MESSAGES.submitted)).toBeVisible();
      await expectAccessible(counselor, 'on the counselor’s page, sent');
      await counselor.context().close();

      await expect
        .poll(() => outbox().filter((m) => m.includes(`To: ${username}`) && m.includes('your school report arrived')))
        .toHaveLength(1);
      await page.goto('/completion');
      await expect(statusRegion(page).getByText(/^Complete\./)).toBeVisible();
      await expect(statusRegion(page)).toContainText(`Grace Hopper (${counselorEmail}): Received on`);
      await expectAccessible(page, 'on the status page, complete');
    });

    test('a counselor declines; the applicant names another; the replaced link is refused', async ({ page }) => {
      const busy = `busy-${width}-${unique()}@school.example`;
      await applicantWithCounselor(page, `report-declined-${width}`, busy);
      await submit(page);
      const firstToken = await counselorToken(busy);
      const counselor = await counselorPage(page, firstToken);
      await counselor.getByRole('button', { name: 'Decline this request' }).click();
      await counselor.getByLabel('Why are you declining? (required)').fill('I left this school in June.');
      await counselor.getByRole('button', { name: 'Send my decline' }).click();
      await expect(counselor.getByText(COUNSELOR_MESSAGES.declined)).toBeVisible();
      await expectAccessible(counselor, 'on the counselor’s page, declined');

      await page.goto('/completion');
      const status = statusRegion(page);
      await expect(status).toContainText('Your counselor said: I left this school in June.');
      await expectAccessible(page, 'on the status page, declined');
      const other = `other-${width}-${unique()}@school.example`;
      await status.getByLabel('Counselor First Name').fill('Ada');
      await status.getByLabel('Counselor Last Name').fill('Lovelace');
      await status.getByLabel('Counselor Email Address').fill(other);
      await status.getByRole('button', { name: 'Send the request' }).click();
      await expect(status.getByRole('status')).toHaveText(M.changed);
      await expect(status).toContainText(`Ada Lovelace (${other}): Requested on`);
      await counselorToken(other);

      // The first link is dead for good: its holder reads why.
      await counselor.reload();
      await expect(counselor.getByRole('alert')).toHaveText(COUNSELOR_MESSAGES.linkDead);
      await expectAccessible(counselor, 'on the counselor’s page, link dead');
      await counselor.context().close();
    });

    test('an address that cannot receive mail shows as bounced, with the form to correct it', async ({ page }) => {
      const nowhere = `nobody-${width}-${unique()}@school.invalid`;
      await applicantWithCounselor(page, `report-bounced-${width}`, nowhere);
      await submit(page);
      await page.goto('/completion');
      const status = statusRegion(page);
      await expect(async () => {
        await page.reload();
        await expect(statusRegion(page)).toContainText(`Our email to ${nowhere} could not be delivered.`, {
          timeout: 1000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(status.getByLabel('Counselor Email Address')).toHaveValue(nowhere);
      await expectAccessible(page, 'on the status page, bounced');
    });
  });
}
