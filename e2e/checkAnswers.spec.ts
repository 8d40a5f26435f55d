import { expect, test, type Page } from '@playwright/test';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { CERTIFICATION_LABEL } from '../src/kernel/form/definition/finalSteps';
import { expectAccessible } from './axe';
import { expectOnServer, newLoggedInApplicant } from './account';

/**
 * Check your answers is where an applicant learns what Submit would refuse: the required answers still blank are
 * listed at its top, each a link to its question, before the Submit button. It reads section by section (a line
 * saying how much of each is answered, one Change each, no row without its question), and the return from a
 * section's Change sits beside that section and lands back at it. At 390 and 1280 px.
 */
const heading = (page: Page, level: number, name: string) => page.getByRole('heading', { level, name });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('the unticked certification is listed at the top with a link to it', async ({ page }) => {
      await newLoggedInApplicant(page.request, `check-missing-${width}`);
      const answers = { ...completeApplication(), legal_agree: false };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      await page.goto('/check-answers');
      const missing = page.getByRole('group', { name: 'Answers still needed' });
      await expect(missing).toBeVisible();
      // Before the Submit button, in reading order.
      const submit = page.getByRole('button', { name: 'Submit Application' });
      const [top, bottom] = [await missing.boundingBox(), await submit.boundingBox()];
      expect(top!.y).toBeLessThan(bottom!.y);
      // The certification's own row names it and says what is missing.
      const row = page.locator('#legal_agree-readonly');
      await expect(row).toContainText(CERTIFICATION_LABEL);
      await expect(row).toContainText('Not answered yet. This answer is needed before you submit.');
      await expectAccessible(page, `the check with a required answer missing at ${width} px`);

      await missing.getByRole('link', { name: CERTIFICATION_LABEL }).click();
      await expect(page).toHaveURL(/\/final-steps#legal_agree$/);
      const box = page.getByRole('checkbox', { name: /I certify/ });
      await expect(box).toBeFocused();
      await page.keyboard.press('Space');
      await expectOnServer(page.request, { legal_agree: true });
      await page.getByRole('button', { name: 'Save and return to Check your answers' }).click();
      await expect(heading(page, 1, 'Check your answers')).toBeVisible();
      await expect(missing).toHaveCount(0);
    });

    test("a section's Change opens it; the return beside it lands back at that section", async ({ page }) => {
      await newLoggedInApplicant(page.request, `check-return-${width}`);
      expect((await page.request.put('/api/answer', { data: completeApplication() })).status()).toBe(200);
      await page.goto('/check-answers');
      await expect(heading(page, 1, 'Check your answers')).toBeVisible();
      // One Change per section: far fewer links than answers.
      const phone = page.getByRole('region', { name: 'Phone', exact: true });
      await expect(phone.getByText(/^(All \d+ questions answered|\d+ of \d+ questions answered)$/)).toBeVisible();
      await expect(phone.getByRole('link')).toHaveText(['Change Phone']);
      await expectAccessible(page, `the check by section at ${width} px`);

      await phone.getByRole('link', { name: 'Change Phone' }).click();
      await expect(page).toHaveURL(/\/about#section-phone$/);
      await expect(heading(page, 2, 'Phone')).toBeFocused();
      const back = page.getByRole('button', { name: 'Save and return to Check your answers' });
      // Beside the section (right after its questions), not at the bottom of a long page.
      await expect(back).toHaveCount(1);
      await expect(page.locator('form', { has: heading(page, 2, 'Phone') }).getByRole('button')).toHaveText([
        'Save and return to Check your answers',
      ]);
      await expectAccessible(page, `a section opened from the check at ${width} px`);
      const home = page.getByRole('textbox', { name: 'Home Phone' });
      await home.fill('(212) 555-0199');
      await back.click();
      await expect(page).toHaveURL(/\/check-answers#check-section-phone$/);
      await expect(heading(page, 3, 'Phone')).toBeFocused();
      await expect(heading(page, 3, 'Phone')).toBeInViewport();
      await expect(page.getByRole('region', { name: 'Phone', exact: true })).toContainText('(212) 555-0199');
      await expectOnServer(page.request, { phone_home: '(212) 555-0199' });
    });
  });
}
