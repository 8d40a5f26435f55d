import { expect, test, type Locator, type Page } from '@playwright/test';
import { FORM_MESSAGES } from '../src/kernel/form/definition/messages';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { expectAccessible } from './axe';
import { expectOnServer, newLoggedInApplicant } from './account';

/**
 * The small things that made typing on a phone go wrong: an error shown on leaving a field moved the next control
 * from under the finger; a text field stopped at its limit without a word; empty dropdowns read '--'; the focus ring
 * was clipped on full-width fields further down a page. At 390 and 1280 px.
 */

/** Whether the focus ring (3px, 2px outside) fits inside every ancestor that clips what it paints. */
async function ringFits(field: Locator): Promise<boolean> {
  return field.evaluate((el) => {
    const ring = 5;
    const box = el.getBoundingClientRect();
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      const clips =
        style.overflow !== 'visible' ||
        style.contentVisibility === 'auto' ||
        /paint|strict|content/.test(style.contain);
      if (!clips) continue;
      const outer = up.getBoundingClientRect();
      if (box.left - ring < outer.left || box.right + ring > outer.right) return false;
    }
    return true;
  });
}

const settle = (page: Page) => page.waitForFunction(() => document.querySelector('[data-sections="all"]') !== null);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

    test('a press that leaves a field lands where it was aimed, then the message shows', async ({ page }) => {
      await newLoggedInApplicant(page.request, `press-${width}`);
      await page.goto('/about');
      await settle(page);
      const cell = page.getByRole('textbox', { name: 'Cell Phone' });
      await cell.fill('212555123');
      // A finger's press at the checkbox's place, held as long as a tap lasts: the message above it waits for the
      // release, so the release lands on the checkbox it was aimed at.
      const sms = page.getByRole('checkbox', { name: /Send me text message updates/ });
      await sms.scrollIntoViewIfNeeded();
      const box = (await sms.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(300);
      await page.mouse.up();
      await expect(sms).toBeChecked();
      await expect(page.getByText(FORM_MESSAGES.cellPhone)).toBeVisible();
      await expectOnServer(page.request, { optin_sms_ind: true });
    });

    test('a text field says how many characters are left near its limit', async ({ page }) => {
      await newLoggedInApplicant(page.request, `count-${width}`);
      await page.goto('/about');
      const first = page.getByRole('textbox', { name: 'First Name (required)' });
      await first.fill('Maria Guadalupe');
      await expect(page.getByText(/characters? left$/)).toHaveCount(0);
      await first.fill('Maria Guadalupe Hernandez de la Cruz Alvare');
      await expect(page.locator('#first_name-count')).toHaveText('2 characters left');
      await expect(first).toHaveAttribute('aria-describedby', /first_name-count/);
      await page.keyboard.type('zz');
      await expect(page.locator('#first_name-count')).toHaveText('0 characters left');
      await expectAccessible(page, `a text field at its limit at ${width} px`);
    });

    test('a section not laid out yet keeps room for all its questions: none overlaps the next', async ({ page }) => {
      await newLoggedInApplicant(page.request, `room-${width}`);
      // Every parent question shows (their own address), as on the fullest About You.
      const answers = {
        ...completeApplication(),
        parent_addr_same_as_stu_perm: 'N',
        parent_2_addr_same_as_stu_perm: 'N',
      };
      expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
      await page.goto('/about');
      await settle(page);
      const later = page.locator('form.form-section').filter({ has: page.locator('h2') });
      const count = await later.count();
      expect(count).toBeGreaterThan(4);
      // The room each later section holds before it is laid out, read before anything scrolls.
      const reserved = await later.evaluateAll((sections) =>
        sections.map((s) => {
          const style = getComputedStyle(s);
          return style.contentVisibility === 'auto'
            ? Number.parseFloat(style.containIntrinsicHeight.split(' ').pop()!)
            : null;
        }),
      );
      for (let i = 0; i < count; i++) {
        if (reserved[i] === null) continue;
        const section = later.nth(i);
        await section.scrollIntoViewIfNeeded();
        const height = await section.evaluate((s) => s.getBoundingClientRect().height);
        expect(height, `section ${i + 1}: laid out ${height} px, ${reserved[i]} px held`).toBeLessThanOrEqual(
          reserved[i]!,
        );
      }
    });

    test("empty dropdowns say Choose…, months keep '--'; focus rings are whole", async ({ page }) => {
      await newLoggedInApplicant(page.request, `choose-${width}`);
      expect(
        (
          await page.request.put('/api/answer', { data: { sat_taken: 'Y', hs_name: 'Sample Central High School' } })
        ).status(),
      ).toBe(200);
      await page.goto('/about');
      await expect(
        page
          .getByRole('combobox', { name: /^Gender/ })
          .locator('option')
          .first(),
      ).toHaveText('Choose…');
      await expect(
        page
          .getByRole('combobox', { name: /^Country/ })
          .first()
          .locator('option')
          .first(),
      ).toHaveText('Choose…');
      await page.getByRole('link', { name: 'Your Academics' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeVisible();
      await settle(page);
      await expect(page.locator('#hs_attend_from_month').locator('option').first()).toHaveText('--');
      for (const field of [
        page.getByRole('combobox', { name: /Search for Your School/ }),
        page.getByRole('textbox', { name: /SAT Math/ }),
      ]) {
        await field.focus();
        expect(await ringFits(field)).toBe(true);
      }
    });
  });
}
