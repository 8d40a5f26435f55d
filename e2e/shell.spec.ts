/**
 * The SPA shell against the real server and the production build: header, page tabs, account popover, banners,
 * bottom bar, footer modals, toasts region, responsive layout, WCAG 2.2 AA (axe) and the inactivity logout
 * (on the second server, whose timeouts playwright.config.ts shortens through INACTIVITY_*_MS).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { afterMotion, clickAfterLayout, pageSettled } from './motion';
import { SHORT_IDLE, SHORT_IDLE_PORT } from '../playwright.config';
import { latestCode, latestCodeOrNull } from './outbox';

const FORM_PAGES = [
  { path: '/about', heading: 'About You' },
  { path: '/education', heading: 'Your Academics' },
  { path: '/final-steps', heading: 'Final Steps' },
];
const VIEWPORTS = [
  { name: 'phone 390 px', width: 390, height: 844 },
  { name: 'desktop 1280 px', width: 1280, height: 800 },
];

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Application pages' });

/** The dialog, once fully shown (antd's modal zooms in: axe would measure half-transparent text). */
async function settledDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await afterMotion(page);
  return dialog;
}

test.describe('the form shell, for a visitor', () => {
  test('header with the site name, tabs with the current page, the bottom bar, footer and a skip link', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(heading(page, 'About You')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toContainText('Undergraduate Admission Application');
    await expect(header.getByRole('heading')).toHaveCount(0);
    await expect(tabs(page).getByRole('link')).toHaveText(['About You', 'Your Academics', 'Final Steps']);
    await expect(tabs(page).getByRole('link', { name: 'About You' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save and go back' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('create an account');

    // The first Tab reaches the skip link, which sends focus to main.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('tabs and page buttons move between the pages; submit sends a visitor to create an account', async ({
    page,
  }) => {
    await page.goto('/about');
    await tabs(page).getByRole('link', { name: 'Final Steps' }).click();
    await expect(heading(page, 'Final Steps')).toBeVisible();
    await expect(page).toHaveURL(/\/final-steps$/);
    await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeVisible();

    await clickAfterLayout(page.getByRole('button', { name: 'Save and go back' }));
    await expect(heading(page, 'Your Academics')).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: 'Your Academics' })).toHaveAttribute('aria-current', 'page');

    await clickAfterLayout(page.getByRole('button', { name: 'Save and Continue' }));
    await expect(heading(page, 'Final Steps')).toBeVisible();
    await clickAfterLayout(page.getByRole('button', { name: 'Save and Continue' }));
    await expect(heading(page, 'Check your answers')).toBeVisible();
    await clickAfterLayout(page.getByRole('button', { name: 'Submit Application' }));
    await expect(page).toHaveURL(/\/signup$/);
    // The account pages have the site header and footer, but no account popover.
    await expect(page.getByRole('banner')).toContainText('Undergraduate Admission Application');
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toHaveCount(0);
  });

  test('Help and Privacy open modals from the footer and close again', async ({ page }) => {
    await page.goto('/education');
    const help = page.getByRole('contentinfo').getByRole('button', { name: 'Help' });
    await clickAfterLayout(help);
    const helpDialog = await settledDialog(page, 'Help');
    await expect(helpDialog).toContainText('apply-help@');
    await expect(helpDialog).toContainText('Some files may need a PDF reader to open.');
    await helpDialog.getByRole('button', { name: 'Close' }).click();
    await expect(helpDialog).toBeHidden();
    await expect(help).toBeFocused();

    await clickAfterLayout(page.getByRole('contentinfo').getByRole('button', { name: 'Privacy' }));
    const privacy = await settledDialog(page, 'Privacy and Cookie Notice');
    await expect(privacy).toContainText('sid');
    await expect(privacy).toContainText('logged_in');
    await page.keyboard.press('Escape');
    await expect(privacy).toBeHidden();
  });

  test('the account popover: Sign In and Create Account; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/about');
    const account = page.getByRole('button', { name: 'Account', exact: true });
    await account.click();
    const popover = page.getByRole('dialog', { name: 'Account' });
    await expect(popover.getByRole('button')).toHaveText(['Sign In', 'Create Account', 'Close']);
    await expect(popover.getByRole('button', { name: 'Sign In' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(account).toBeFocused();

    await account.click();
    await popover.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('F8 moves focus to the notifications region', async ({ page }) => {
    await page.goto('/about');
    await expect(heading(page, 'About You')).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeFocused();
  });

  test('a deadline banner shows inside its window', async ({ page }) => {
    await page.clock.setFixedTime(new Date(2025, 1, 15, 10, 0));
    await page.goto('/final-steps');
    await expect(page.getByRole('region', { name: 'Application deadline' })).toContainText('Apply by March 1!');
    await expectAccessible(page, 'with the deadline banner');
  });
});

test.describe('responsive layout', () => {
  test('at 390 px nothing scrolls sideways and the page buttons stack full width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/education');
    await expect(heading(page, 'Your Academics')).toBeVisible();
    await pageSettled(page); // the buttons move down while the sections below the first screen arrive
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const back = await page.getByRole('button', { name: 'Save and go back' }).boundingBox();
    const next = await page.getByRole('button', { name: 'Save and Continue' }).boundingBox();
    expect(back && next).toBeTruthy();
    // Stacked: the forward action above the back action, both as wide as the content.
    expect(next!.y).toBeLessThan(back!.y);
    expect(Math.round(next!.width)).toBe(Math.round(back!.width));
    expect(next!.width).toBeGreaterThan(300);
    // Every tab is reachable and at least 24 px tall and wide.
    for (const link of await tabs(page).getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(24);
      expect(box!.width).toBeGreaterThanOrEqual(24);
    }
  });

  test('at 1280 px the page buttons sit side by side and the tabs share the header row', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/education');
    await expect(heading(page, 'Your Academics')).toBeVisible();
    await pageSettled(page); // the buttons move down while the sections below the first screen arrive
    const back = await page.getByRole('button', { name: 'Save and go back' }).boundingBox();
    const next = await page.getByRole('button', { name: 'Save and Continue' }).boundingBox();
    expect(Math.abs(next!.y - back!.y)).toBeLessThan(2);
    expect(next!.x).toBeGreaterThan(back!.x);
    const siteName = await page.getByText('Undergraduate Admission Application').boundingBox();
    const firstTab = await tabs(page).getByRole('link').first().boundingBox();
    expect(Math.abs(firstTab!.y + firstTab!.height / 2 - (siteName!.y + siteName!.height / 2))).toBeLessThan(12);
  });
});

test.describe('text fields', () => {
  // The inputs are laid out on their own (form.css: size containment, for the keystroke's frame); their height must
  // still follow their text: one line at the field's own line height, plus its padding and border.
  test('are 44 px tall, and grow with larger text and wider line spacing (WCAG 1.4.4, 1.4.12)', async ({ page }) => {
    await page.goto('/about');
    const firstName = page.getByRole('textbox', { name: 'First Name (required)' });
    await expect(firstName).toBeVisible();
    expect((await firstName.boundingBox())!.height).toBe(44);
    await page.addStyleTag({ content: 'body * { font-size: 32px !important; line-height: 1.5 !important; }' });
    await firstName.fill('Ada');
    // 48 px of line (32 px × 1.5), 8 px of padding above and below, a 1 px border.
    expect((await firstName.boundingBox())!.height).toBe(66);
    await expect(firstName).toHaveValue('Ada');
  });
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const viewport of VIEWPORTS) {
    for (const { path, heading: name } of FORM_PAGES) {
      test(`${path} at ${viewport.name}: the page, with the Help modal open, with the popover open`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(path);
        await expect(heading(page, name)).toBeVisible();
        await expectAccessible(page, `on ${path}`);

        await clickAfterLayout(page.getByRole('contentinfo').getByRole('button', { name: 'Help' }));
        await settledDialog(page, 'Help');
        await expectAccessible(page, `on ${path} with the Help modal open`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Help' })).toBeHidden();

        await page.getByRole('button', { name: 'Account', exact: true }).click();
        await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
        await expectAccessible(page, `on ${path} with the account popover open`);
      });
    }
  }
});

test.describe('inactivity (server with short timeouts)', () => {
  const base = `http://localhost:${SHORT_IDLE_PORT}`;
  const PASSWORD = 'Correct-Horse-9-Battery';

  /** An account made and logged in through the API; the login cookies land in the page's context. */
  async function logIn(page: Page) {
    const username = `e2e-idle-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const api = page.request;
    expect((await api.post(`${base}/public/signup`, { data: { username, password: PASSWORD } })).ok()).toBe(true);
    await expect.poll(() => latestCodeOrNull(username, 'short-idle'), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const code = latestCode(username, 'short-idle');
    expect((await api.post(`${base}/public/confirm`, { data: { username, code } })).ok()).toBe(true);
    expect((await api.post(`${base}/public/login`, { data: { username, password: PASSWORD } })).ok()).toBe(true);
    return username;
  }

  test('warns, keeps the session on Yes, and logs out when the warning is ignored', async ({ page }) => {
    test.setTimeout(60_000);
    const username = await logIn(page);
    await page.goto(`${base}/about`);
    await expect(heading(page, 'About You')).toBeVisible();
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toContainText(username);
    await page.keyboard.press('Escape');

    const warning = page.getByRole('dialog', { name: 'Still working?' });
    await expect(warning).toBeVisible({ timeout: SHORT_IDLE.timeoutMs });
    await afterMotion(page); // a click while it zooms in can land beside the button
    await warning.getByRole('button', { name: 'Yes - Take me back to my application' }).click();
    await expect(warning).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/about');

    await expect(warning).toBeVisible({ timeout: SHORT_IDLE.timeoutMs + 2000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: SHORT_IDLE.warningMs + 5000 });
    await expect(page.getByText('You have been automatically logged out due to inactivity.')).toBeVisible();
    // The server session is gone too.
    expect((await page.request.get(`${base}/api/profile`)).status()).toBe(401);
  });
});
