/**
 * Pre-rendered shells (src/kernel/shells.ts): the server sends each route's first screen inside index.html, so
 * it shows before any script has run; the app then takes over and the shell is gone.
 */
import { expect, test } from '@playwright/test';
import { newLoggedInApplicant } from './account';

test.describe('pre-rendered first screen', () => {
  test('shows each page before any script runs, and cannot be typed into', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title] of [
      ['/login', 'Log In'],
      ['/signup', 'Sign Up'],
      ['/about', 'About You'],
      ['/final-steps', 'Final Steps'],
    ]) {
      const response = await page.goto(path);
      expect(response?.headers()['content-encoding']).toBe('br');
      // The shell is hidden from assistive technology (aria-hidden, inert): it is a picture until the app runs.
      await expect(page.locator('#shell h1')).toHaveText(title);
      await expect(page.locator('#shell h1')).toBeVisible();
    }
    // The shell is inert: a click does not focus its fields, so nothing typed before the app runs can be lost.
    await page.goto('/login');
    await page.locator('#shell input').first().click({ force: true });
    await expect(page.locator('#shell input').first()).not.toBeFocused();
    await context.close();
  });

  test('is replaced by the app, which then works as usual', async ({ page }) => {
    // The app's scripts are fetched and run by the shell's start script once the shell has painted, none of them
    // preloaded: the browser compiles a script while its own element downloads it (webpack.config.ts says why).
    const html = await (await page.request.get('/login')).text();
    expect(html).not.toContain('<script defer');
    expect(html).not.toContain('rel="preload"');
    expect(html).toMatch(/<script data-scripts="[^"]*\/main\.[0-9a-f]+\.js[^"]*\/page-login\.[0-9a-f]+\.js">/);
    // The CSP (script-src 'self' plus the start script's hash) lets it run: the app takes over.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
  });

  test('a logged-in applicant gets the applicant screen, welcome banner included', async ({ page }) => {
    await newLoggedInApplicant(page.request, 'shell');
    const html = await (await page.request.get('/education')).text();
    expect(html).toContain('Welcome to your application!');
    expect(html).not.toContain('create an account');
    await page.goto('/education');
    await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('Welcome to your application!');
    await expect(page.getByRole('button', { name: 'Add another activity' })).toBeVisible();
    await expect(page.locator('#shell')).toHaveCount(0);
  });
});
