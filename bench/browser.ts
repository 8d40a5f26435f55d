/** Playwright in Debian's Chromium with the flags, and a page logged in as a bench applicant. */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Applicant, RunningServer } from './appServer';
import { CHROMIUM, CHROMIUM_FLAGS } from './common';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

/** A context of the bench's viewport (no session), on `baseUrl`. */
export async function benchContext(browser: Browser, baseUrl?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  // tsx (esbuild, keepNames) wraps named functions in __name(…): functions sent to page.evaluate need it defined.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  return context;
}

/** A context holding the applicant's session cookies (sid, logged_in), as a browser has after logging in. */
export async function loggedInContext(
  browser: Browser,
  server: RunningServer,
  applicant: Applicant,
): Promise<BrowserContext> {
  const context = await benchContext(browser, server.baseUrl);
  const url = new URL(server.baseUrl);
  await context.addCookies(
    applicant.cookies.map((c) => ({
      name: c.name,
      value: c.value,
      domain: url.hostname,
      path: '/',
      httpOnly: c.name === 'sid',
      sameSite: 'Lax' as const,
    })),
  );
  return context;
}

/**
 * Opens /about and waits for the applicant's answers to be on the page, and for every section (those below the
 * first screen arrive in the tasks after it, src/features/form/FormPage.tsx): typing is measured on the whole page.
 */
export async function openAbout(page: Page, expectFirstName?: string) {
  await page.goto('/about');
  await page.getByRole('heading', { level: 1, name: 'About You' }).waitFor({ timeout: 30_000 });
  await page.locator('.form-page[data-sections="all"]').waitFor({ timeout: 30_000 });
  if (expectFirstName !== undefined) {
    await page.waitForFunction(
      (value) => (document.querySelector('#first_name') as HTMLInputElement | null)?.value === value,
      expectFirstName,
      { timeout: 30_000 },
    );
  }
}
