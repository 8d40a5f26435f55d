/**
 * After submitting, against the real server and the production build, on a phone and on a desktop: the completion
 * page gives the application id staff know it by (APP-…, as the server's profile has it) and the college's phone as
 * a link that dials; axe finds no WCAG 2.0–2.2 A/AA violation there. (The receipt and the PDF copy's header are the
 * server's tests: server/test/answers/applicationId.test.ts.)
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { PARTNER } from '../src/kernel/partner';
import { newLoggedInApplicant } from './account';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Presses a button from the keyboard, as journey.spec.ts does: focused, then Enter. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

for (const width of [390, 1280]) {
  test(`the completion page gives the application id and a phone link, at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await newLoggedInApplicant(page.request, `appid-${width}`);
    expect((await page.request.put('/api/answer', { data: completeApplication() })).status()).toBe(200);

    await page.goto('/final-steps');
    await expect(heading(page, 'Final Steps')).toBeVisible();
    await press(page, 'Save and Continue');
    await expect(heading(page, 'Check your answers')).toBeFocused();
    await press(page, 'Submit Application');
    await expect(heading(page, 'Application Submitted')).toBeVisible();
    await expect(page).toHaveURL(/\/completion$/);

    const id = (await (await page.request.get('/api/profile')).json()).application_id as string;
    expect(id).toMatch(/^APP-\d{6}$/);
    await expect(
      page.getByText(`Your application ID is ${id}. Please quote it whenever you contact us.`),
    ).toBeVisible();

    const phone = page.getByRole('link', { name: PARTNER.phone });
    await expect(phone).toHaveAttribute('href', 'tel:5550100142');
    await expect(phone).toBeVisible();
    await expectAccessible(page, `on the completion page at ${width} px`);

    // Still there after a reload (the id comes with the profile, not with the submission).
    await page.reload();
    await expect(heading(page, 'Application Submitted')).toBeVisible();
    await expect(page.getByText(`Your application ID is ${id}.`)).toBeVisible();
  });
}
