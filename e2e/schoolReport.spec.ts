import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { newLoggedInApplicant } from './account';
import { outbox } from './outbox';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { SCHOOL_REPORT_MESSAGES as M } from '../src/kernel/schoolReport/messages';
import { tokenFromHash } from '../src/kernel/counselor/paths';

/**
 * The counselor's school report end to end, at 390 and 1280 px: the request from Final Steps or on submit, the
 * mail in the outbox, the status page.
 */
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The token of the newest counselor link mailed to `to` (its #t= fragment). */
async function counselorToken(to: string): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      () => {
        const mail = outbox()
          .filter((m) => m.includes(`To: ${to}`) && m.includes('school-report#t='))
          .at(-1);
        const match = mail && /school-report(#t=[A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''));
        token = match ? tokenFromHash(match[1]) : null;
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return token!;
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

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 900 }));

    test('Final Steps sends the request now; after submitting, the status page says requested', async ({ page }) => {
      const counselor = `now-${width}-${unique()}@school.example`;
      await applicantWithCounselor(page, `report-now-${width}`, counselor);
      await page.goto('/final-steps');
      const send = page.getByRole('button', { name: 'Send the request now' });
      await send.scrollIntoViewIfNeeded();
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
  });
}
