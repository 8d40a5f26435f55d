import { expect, test } from '@playwright/test';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { expectAccessible } from './axe';
import { expectOnServer, newLoggedInApplicant } from './account';

/**
 * After a refused Submit the missing-information summary shows on every page. It takes focus when a page is
 * arrived at (the refused Submit included), never while someone types: an edit that makes a field invalid again
 * brings it back quietly, and every keystroke after it reaches the field (a counselor's email retyped over the old
 * one was once saved as its first letter). At 390 and 1280 px.
 */
const summary = (page: import('@playwright/test').Page) => page.getByRole('group', { name: 'There is a problem' });

for (const width of [390, 1280]) {
  test(`typing over an answer after a refused Submit keeps every keystroke, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await newLoggedInApplicant(page.request, `retype-${width}`);
    const answers = { ...completeApplication(), counselor_email_address: 'g.hopper@' };
    expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
    await page.goto('/check-answers');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    // Refused: About You, the summary focused (arrival), its link to the counselor's email.
    await expect(page).toHaveURL(/\/about$/);
    await expect(summary(page)).toBeFocused();
    await summary(page)
      .getByRole('link', { name: /Please provide a valid counselor email address/ })
      .click();
    const email = page.getByRole('textbox', { name: 'Counselor Email Address' });
    await expect(email).toBeFocused();

    // Fixed: the summary goes.
    await email.fill('g.hopper@school.example.org');
    await expect(summary(page)).toHaveCount(0);

    // Retyped over a selection: the first key makes it invalid (the summary comes back), the rest still arrive.
    await email.selectText();
    await page.keyboard.type('lee@school.example.org');
    await expect(summary(page)).toHaveCount(0);
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('lee@school.example.org');

    // One Backspace on a typo: invalid for a moment, focus stays, the correction lands.
    await page.keyboard.press('End');
    for (let i = 0; i < 'example.org'.length; i++) await page.keyboard.press('Backspace');
    await expect(summary(page)).toBeVisible();
    await expect(email).toBeFocused();
    await expectAccessible(page, `the summary back while typing at ${width} px`);
    await page.keyboard.type('example.org');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('lee@school.example.org');
    await expect(summary(page)).toHaveCount(0);
    await expectOnServer(page.request, { counselor_email_address: 'lee@school.example.org' });
  });
}
