/**
 * What a new staff member meets in the console, against the real server and the production build, at 1280 px and
 * at 390 px (each width its own admin; 60 fictional applicants from seed-demo): the enrolment page's tappable
 * otpauth:// link; a link to a filtered list opened signed out comes back to that list after sign-in (and a session
 * that ends mid-page back to that page); the list's first result shows on the first screen, its table fits 1280 px
 * without sideways scrolling, its filters close behind a Filters button on a phone, accounts with no name yet come
 * after every name, the documents column says what it counts, each export comes for the SIS and for Excel; the
 * audit log names each entry's browser. axe finds no WCAG 2.0–2.2 A/AA violation on any page or state visited.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { enrolLink, startStaffServer, totp, type StaffServer } from './staffServer';

const PASSWORD = 'Maple-Syrup-2024!';
/** A link to a filtered, searched list, as a colleague would send one. */
const ASKED = '/staff/applicants?status=submitted&q=ok';

const VIEWPORTS = [
  { width: 1280, height: 800, admin: 'admin.console@college.example' },
  { width: 390, height: 844, admin: 'admin.console.phone@college.example' },
];

let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startStaffServer(
    VIEWPORTS.map((viewport) => viewport.admin),
    { seed: 60, name: 'staff-console' },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** Enrols `email` (checking the otpauth:// link on the way); returns its key and one of its recovery codes. */
async function enrol(page: Page, email: string, width: string) {
  await page.goto(enrolLink(email, server.dataDir));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  const key = (await page.locator('#authenticator-key').textContent())!.replace(/\s/g, '');
  const open = page.getByRole('link', { name: 'Open in your authenticator app' });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute('href'))!;
  expect(href).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(href).searchParams.get('secret')).toBe(key);
  await expectAccessible(page, `enrol with the otpauth link (${width})`);

  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(totp(key));
  await page.getByRole('button', { name: 'Set up my account' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}` })).toBeVisible();
  return { key, recovery };
}

async function signIn(page: Page, email: string, code: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const table = (page: Page) => page.getByRole('region', { name: 'Applicants table' });
const filtersButton = (page: Page) => page.getByRole('button', { name: 'Filters', exact: true });

for (const viewport of VIEWPORTS) {
  test(`console at ${viewport.width} px: return to the page asked for, list layout, enrolment link, audit browser`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const narrow = viewport.width < 768;

    const enrolling = await browser.newContext({ viewport: size });
    const { key, recovery } = await enrol(await enrolling.newPage(), viewport.admin, width);
    await enrolling.close();

    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();

    await test.step('a link opened signed out comes back to its page after sign-in', async () => {
      await page.goto(`${server.url}${ASKED}`);
      await expect(page).toHaveURL(`${server.url}/staff/sign-in?returnTo=${encodeURIComponent(ASKED)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
      // Single sign-on carries it too (its start is the server's).
      await expect(page.getByRole('link', { name: /^Sign in with / })).toHaveAttribute(
        'href',
        `/staff/api/sso/start?returnTo=${encodeURIComponent(ASKED)}`,
      );
      await expectAccessible(page, `sign-in with returnTo (${width})`);
      await signIn(page, viewport.admin, totp(key, { nextStep: true }));
      await expect(page).toHaveURL(`${server.url}${ASKED}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
      await expect(page.getByLabel('Search by name or email')).toHaveValue('ok');
    });

    await test.step('the first result shows on the first screen; at 1280 px the table needs no sideways scroll', async () => {
      await page.goto(`${server.url}/staff/applicants`);
      const rows = table(page).getByRole('row');
      await expect(rows).toHaveCount(51);
      const firstRow = rows.nth(1);
      const top = await firstRow.evaluate((row) => row.getBoundingClientRect().top);
      expect(top).toBeGreaterThan(0);
      expect(top).toBeLessThan(viewport.height);
      await expect(filtersButton(page)).toHaveAttribute('aria-expanded', narrow ? 'false' : 'true');
      if (!narrow) {
        const { scrollWidth, clientWidth } = await table(page).evaluate((region) => ({
          scrollWidth: region.scrollWidth,
          clientWidth: region.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
      await expect(table(page).getByRole('columnheader', { name: 'Documents waiting or failed' })).toBeVisible();
      await expect(table(page).getByText('None waiting or failed').first()).toBeVisible();
      await expectAccessible(page, `applicants (${width})`);
    });

    await test.step('accounts with no name yet come after every name', async () => {
      const names: string[] = [];
      names.push(...(await table(page).getByRole('row').locator('td:first-child a').allTextContents()));
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page.getByRole('heading', { name: 'Results, page 2' })).toBeVisible();
      await expect(table(page).getByRole('row')).toHaveCount(11);
      names.push(...(await table(page).getByRole('row').locator('td:first-child a').allTextContents()));
      expect(names).toHaveLength(60);
      const firstUnnamed = names.indexOf('No name yet');
      expect(firstUnnamed).toBeGreaterThan(0);
      expect(names.slice(firstUnnamed).every((name) => name === 'No name yet')).toBe(true);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    });

    await test.step('the Filters button opens and closes the filters and the export, by keyboard', async () => {
      const button = filtersButton(page);
      if (narrow) {
        await expect(page.getByText('No filters set.')).toBeVisible();
        await expect(page.getByLabel('Applied major')).toBeHidden();
        await button.focus();
        await page.keyboard.press('Enter');
      }
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await page.getByLabel('Documents waiting or failed').selectOption('waiting');
      await expect(page).toHaveURL(/documents=waiting/);
      const exportArea = page.getByRole('region', { name: 'Export' });
      await expect(exportArea.getByRole('link', { name: 'applications.csv for the SIS' })).toHaveAttribute(
        'href',
        '/staff/api/export/applications.csv?documents=waiting',
      );
      await expect(exportArea.getByRole('link', { name: 'applications.csv for Excel' })).toHaveAttribute(
        'href',
        '/staff/api/export/applications.csv?documents=waiting&for=excel',
      );
      await expectAccessible(page, `applicants, filters open (${width})`);
      await button.focus();
      await page.keyboard.press('Space');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText('Filters set: some documents waiting.')).toBeVisible();
      await expect(exportArea).toBeHidden();
      await expectAccessible(page, `applicants, filters closed (${width})`);
    });

    await test.step('the audit log names the browser, opening to the whole user agent', async () => {
      await page.goto(`${server.url}/staff/audit?action=sign-in`);
      const entries = page.getByRole('region', { name: 'Audit log entries' });
      await expect(entries.getByRole('columnheader', { name: 'Browser' })).toBeVisible();
      const userAgent = await page.evaluate(() => navigator.userAgent);
      const first = entries.getByRole('row').nth(1);
      await expect(first).toContainText(viewport.admin);
      const summary = first.locator('summary');
      // Whatever user agent the browser sends: its Chrome version, named, and its system.
      const major = /Chrome\/(\d+)/.exec(userAgent)![1];
      await expect(summary).toHaveText(new RegExp(`^(Headless )?Chrome ${major} on (Windows|Linux|macOS)$`));
      await expect(first.getByText(userAgent, { exact: true })).toBeHidden();
      await summary.click();
      await expect(first.getByText(userAgent, { exact: true })).toBeVisible();
      if (!narrow) {
        const fits = await entries.evaluate((region) => region.scrollWidth <= region.clientWidth);
        expect(fits).toBe(true);
      }
      await expectAccessible(page, `audit log with browsers (${width})`);
    });

    await test.step('a session that ends mid-page returns to that page after sign-in', async () => {
      await context.clearCookies();
      await page.getByLabel('Action').selectOption('sign-out');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const back = '/staff/audit?action=sign-out';
      await expect(page).toHaveURL(`${server.url}/staff/sign-in?returnTo=${encodeURIComponent(back)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
      await signIn(page, viewport.admin, recovery);
      await expect(page).toHaveURL(`${server.url}${back}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(page.getByLabel('Action')).toHaveValue('sign-out');
    });
    await context.close();
  });
}
