import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { pageTexts } from '../testing/poppler';
import { FORM_MESSAGES, parentPhoneMessage } from '../src/kernel/form/definition/messages';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { PHONE_HINT } from '../src/kernel/form/phones';
import { expectOnServer, newLoggedInApplicant, serverAnswers } from './account';
import { expectAccessible } from './axe';
import { pdfCopy, printViewUrl } from './copies';

/**
 * Numbers from abroad (at 390 and 1280 px): typed with '+', a phone is kept and shown as typed (in the field, after a
 * reload, on Check your answers, in the print view and the PDF copy) and stored as typed plus its E.164 form; a bad
 * one is flagged with the field's SPEC message when left and at Submit. U.S. numbers keep the U.S. mask.
 */
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const PARENT_2 = 'Parent 2/Guardian 2';

/** A question of one section (both parents have a 'Phone Number'). */
const inSection = (page: Page, title: string, label: string): Locator =>
  page
    .locator('form')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    .getByRole('textbox', { name: label });

/** The applicant's PDF copy as text. */
const pdfText = async (request: APIRequestContext) => pageTexts(await pdfCopy(request)).join('\n');

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('a number from abroad is kept as typed, stored with its E.164 form and shown as typed', async ({ page }) => {
      test.setTimeout(120_000);
      const username = await newLoggedInApplicant(page.request, `intl-phone-${width}`);
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();

      const parent = inSection(page, PARENT_2, 'Phone Number');
      await parent.pressSequentially('+52 55 1234 5678');
      await expect(parent).toHaveValue('+52 55 1234 5678');
      const cell = page.getByRole('textbox', { name: 'Cell Phone' });
      await cell.pressSequentially('+44 7911 123456');
      await page.keyboard.press('Tab');
      await expect(cell).toHaveValue('+44 7911 123456');
      // U.S. numbers keep the mask.
      const home = page.getByRole('textbox', { name: 'Home Phone' });
      await home.pressSequentially('2125550100');
      await expect(home).toHaveValue('(212) 555-0100');
      await page.keyboard.press('Tab');
      for (const field of [parent, cell, home]) await expect(field).not.toHaveAttribute('aria-invalid');
      await expect(page.getByText(parentPhoneMessage(PARENT_2))).toHaveCount(0);
      await expect(page.getByText(FORM_MESSAGES.cellPhone)).toHaveCount(0);
      await expectAccessible(page, `numbers from abroad typed at ${width} px`);

      await expectOnServer(page.request, {
        parent_2_phone: '+52 55 1234 5678',
        parent_2_phone_e164: '+525512345678',
        phone_mobile: '+44 7911 123456',
        phone_mobile_e164: '+447911123456',
        phone_home: '(212) 555-0100',
      });
      expect(await serverAnswers(page.request)).not.toHaveProperty('phone_home_e164');

      await page.reload();
      await expect(heading(page, 'About You')).toBeVisible();
      await expect(inSection(page, PARENT_2, 'Phone Number')).toHaveValue('+52 55 1234 5678');
      await expect(page.getByRole('textbox', { name: 'Cell Phone' })).toHaveValue('+44 7911 123456');

      await page.goto('/check-answers');
      await expect(heading(page, 'Check your answers')).toBeVisible();
      await expect(page.getByText('+52 55 1234 5678', { exact: true })).toBeVisible();
      await expect(page.getByText('+44 7911 123456', { exact: true })).toBeVisible();
      await expect(page.getByText('(525) 512-3456')).toHaveCount(0);
      await expectAccessible(page, `Check your answers with numbers from abroad at ${width} px`);

      // Staff read it as typed too: the print view and the PDF copy.
      const url = await printViewUrl(page.request, username);
      await page.goto(url);
      await expect(page.getByText('+52 55 1234 5678', { exact: true })).toBeVisible();
      await expect(page.getByText('+525512345678')).toHaveCount(0);
      await expectAccessible(page, `the print view with numbers from abroad at ${width} px`);
      const pdf = await pdfText(page.request);
      expect(pdf).toContain('+52 55 1234 5678');
      expect(pdf).toContain('+44 7911 123456');
    });

    test('a bad number from abroad is flagged when the field is left and at Submit', async ({ page }) => {
      test.setTimeout(90_000);
      await newLoggedInApplicant(page.request, `intl-bad-${width}`);
      const answers: Record<string, string | boolean> = {
        ...completeApplication(),
        first_name: 'Ngozi',
        last_name: 'Okafor',
      };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      await page.goto('/about');
      await expect(heading(page, 'About You')).toBeVisible();

      const parent = inSection(page, PARENT_2, 'Phone Number');
      await expect(parent).toHaveValue(answers.parent_2_phone as string);
      await parent.clear();
      await parent.pressSequentially('+52 55 12');
      await expect(page.getByText(parentPhoneMessage(PARENT_2))).toHaveCount(0);
      await page.keyboard.press('Tab');
      await expect(parent).toHaveAttribute('aria-invalid', 'true');
      // Its message, read with the hint by a screen reader.
      await expect(parent).toHaveAccessibleDescription(`${PHONE_HINT} Error: ${parentPhoneMessage(PARENT_2)}`);
      await expect(parent).toHaveValue('+52 55 12');
      await expectAccessible(page, `a bad number from abroad left at ${width} px`);
      await expectOnServer(page.request, { parent_2_phone: '+52 55 12' });
      expect(await serverAnswers(page.request)).not.toHaveProperty('parent_2_phone_e164');

      // Submit (on Check your answers) does not go through: back to About You, the field flagged.
      await page.goto('/check-answers');
      await expect(heading(page, 'Check your answers')).toBeVisible();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(heading(page, 'About You')).toBeVisible();
      await expect(page).toHaveURL(/\/about/);
      const flagged = inSection(page, PARENT_2, 'Phone Number');
      await expect(flagged).toHaveAttribute('aria-invalid', 'true');
      await expect(flagged).toHaveValue('+52 55 12');
      await expect(page.getByText(parentPhoneMessage(PARENT_2)).first()).toBeVisible();
      await expectAccessible(page, `a bad number from abroad at Submit at ${width} px`);
      const status = await (await page.request.get('/api/profile')).json();
      expect(status.web_status.map((s: { web_status: string }) => s.web_status)).not.toContain('submitted');

      // Corrected, it is stored with its E.164 form.
      // Typing before the '+' is refused (the U.S. mask never re-reads the number); at the end it goes in.
      await flagged.focus();
      await page.keyboard.press('Home');
      await page.keyboard.type('3');
      await expect(flagged).toHaveValue('+52 55 12');
      await page.keyboard.press('End');
      await page.keyboard.type('34 5678');
      await expect(flagged).toHaveValue('+52 55 1234 5678');
      await page.keyboard.press('Tab');
      await expect(flagged).not.toHaveAttribute('aria-invalid');
      await expectOnServer(page.request, {
        parent_2_phone: '+52 55 1234 5678',
        parent_2_phone_e164: '+525512345678',
      });
    });
  });
}
