/**
 * The staff console against the real server and the production build, at 1280 px and at 390 px (the same steps,
 * each width with its own accounts): an admin (added by the admin CLI) enrols from the mailed link with the key
 * shown as text, sees the ten recovery codes once, signs out and in again with password and code, and adds a
 * reader; the reader enrols and signs in, is refused the admin pages (the 403 message, and 403 from the API), and
 * is locked after five wrong codes. Single sign-on through the test OpenID provider: with MFA back at /staff signed
 * in, without MFA or with an unknown email back at the sign-in page with the reason. The admin's audit log shows
 * the reader's refused access. axe finds no WCAG 2.0–2.2 A/AA violation on any page or state visited.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { WCAG } from './axe';
import { STAFF_MESSAGES, staffLockedNowMessage } from '../src/kernel/staff/messages';
import { afterMotion } from './motion';
import { enrolLink, startStaffServer, totp, wrongCode, type StaffServer } from './staffServer';

const PASSWORD = 'Maple-Syrup-2024!';
const SSO_BUTTON = /^Sign in with /;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, admin: 'admin@college.example', reader: 'reader@college.example' },
  {
    name: 'phone',
    width: 390,
    height: 844,
    admin: 'admin.phone@college.example',
    reader: 'reader.phone@college.example',
  },
];

let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startStaffServer(VIEWPORTS.map((viewport) => viewport.admin));
});

test.afterAll(async () => {
  await server?.stop();
});

async function expectAccessible(page: Page, context: string) {
  // At most 10 s: a motion class that never clears (seen once at 390 px) must not hang the test until its time-out.
  await Promise.race([afterMotion(page), page.waitForTimeout(10_000)]);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations ${context}`).toEqual([]);
}

/** Enrols `email` from its mailed link; returns the authenticator key (read from the page, as a person would). */
async function enrol(page: Page, email: string, role: 'Admin' | 'Reader', width: string): Promise<string> {
  await page.goto(enrolLink(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(role, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await page.locator('#authenticator-key').textContent())!.replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, `enrol (${width})`);

  // A code that is not correct: the server's message, announced.
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(wrongCode(key));
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await expect(page.getByRole('alert')).toContainText(STAFF_MESSAGES.enrolCodeWrong);
  await expectAccessible(page, `enrol, wrong code (${width})`);

  await page.getByLabel('Authenticator code').fill(totp(key));
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page, `recovery codes (${width})`);
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}` })).toBeVisible();

  // Shown once: the link is spent.
  const again = await page.context().newPage();
  await again.goto(enrolLink(email));
  await expect(again.getByRole('alert')).toContainText(STAFF_MESSAGES.enrolLinkBad);
  await expectAccessible(again, `enrol link used (${width})`);
  await again.close();
  return key;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await expect(page.getByText(STAFF_MESSAGES.signedOut)).toBeVisible();
}

async function fillSignIn(page: Page, email: string, code: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Single sign-on through the test provider's page, in a context of its own (no provider session yet). */
async function ssoSignIn(browser: Browser, viewport: { width: number; height: number }, email: string, mfa: boolean) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.url}/staff/sign-in`);
  await page.getByRole('link', { name: SSO_BUTTON }).click();
  await expect(page.getByRole('heading', { name: 'College sign-in' })).toBeVisible();
  await page.getByLabel('College email').fill(email);
  if (mfa) await page.getByLabel('I used my second factor').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page };
}

for (const viewport of VIEWPORTS) {
  test(`staff console at ${viewport.width} px: enrol, sign in, accounts, refusal, lockout, SSO, audit`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const adminContext = await browser.newContext({ viewport: size });
    const admin = await adminContext.newPage();

    // Not signed in: /staff goes to the sign-in page, which offers single sign-on.
    await admin.goto(`${server.url}/staff`);
    await expect(admin).toHaveURL(/\/staff\/sign-in$/);
    await expect(admin.getByText(STAFF_MESSAGES.notSignedIn)).toBeVisible();
    await expect(admin.getByRole('link', { name: SSO_BUTTON })).toHaveAttribute('href', '/staff/api/sso/start');
    await expect(
      admin.getByText('The 6-digit code from your authenticator app, or one of your recovery codes'),
    ).toBeVisible();
    await expectAccessible(admin, `sign-in (${width})`);
    // Empty fields: each says what is missing.
    await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(admin.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(admin.getByLabel('Email')).toBeFocused();
    await expectAccessible(admin, `sign-in, empty fields (${width})`);

    const adminKey = await test.step('the admin enrols from the mailed link', () =>
      enrol(admin, viewport.admin, 'Admin', width));
    await expect(admin.getByRole('navigation', { name: 'Staff console' })).toBeVisible();
    await expect(admin.getByText(`Signed in as ${viewport.admin} (Admin)`)).toBeVisible();
    await expectAccessible(admin, `home (${width})`);

    await test.step('the admin signs out and in again with password and the next code', async () => {
      await signOut(admin);
      await expectAccessible(admin, `signed out (${width})`);
      await fillSignIn(admin, viewport.admin, totp(adminKey, { nextStep: true }));
      await expect(admin).toHaveURL(/\/staff$/);
      await expect(admin.getByRole('heading', { level: 1, name: `Welcome, ${viewport.admin}` })).toBeVisible();
    });

    await test.step('the roles page', async () => {
      await admin.getByRole('link', { name: 'Roles' }).first().click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
      await expect(admin.getByRole('heading', { level: 1, name: 'Roles' })).toBeFocused();
      await expect(admin.getByRole('row', { name: /Read and download the audit log/ })).toContainText('Not allowed');
      await expectAccessible(admin, `roles (${width})`);
    });

    await test.step('the admin adds a reader', async () => {
      await admin.getByRole('link', { name: 'Staff accounts' }).first().click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
      await expect(admin.getByRole('cell', { name: `${viewport.admin} (you)` })).toBeVisible();
      await expectAccessible(admin, `staff accounts (${width})`);
      await admin.getByLabel('Email', { exact: true }).fill(viewport.reader);
      await admin.getByLabel('Role', { exact: true }).selectOption('reader');
      await admin.getByRole('button', { name: 'Add staff account' }).click();
      await expect(admin.getByRole('status').filter({ hasText: STAFF_MESSAGES.staffAdded })).toBeVisible();
      const row = admin.getByRole('row', { name: new RegExp(viewport.reader.replace(/\./g, '\\.')) });
      await expect(row).toContainText('Not yet (link sent)');
      await expectAccessible(admin, `staff accounts, reader added (${width})`);
      // The same address twice: the server's message.
      await admin.getByLabel('Email', { exact: true }).fill(viewport.reader);
      await admin.getByRole('button', { name: 'Add staff account' }).click();
      await expect(admin.getByRole('alert')).toContainText(STAFF_MESSAGES.staffExists);
    });

    const readerContext = await browser.newContext({ viewport: size });
    const reader = await readerContext.newPage();
    const readerKey = await test.step('the reader enrols and signs in', async () => {
      const key = await enrol(reader, viewport.reader, 'Reader', width);
      await signOut(reader);
      await fillSignIn(reader, viewport.reader, totp(key, { nextStep: true }));
      await expect(reader.getByRole('heading', { level: 1, name: `Welcome, ${viewport.reader}` })).toBeVisible();
      // A reader's menu has no admin page.
      const menu = reader.getByRole('navigation', { name: 'Staff console' });
      await expect(menu.getByRole('link')).toHaveText(['Home', 'Applicants', 'Roles']);
      await expectAccessible(reader, `reader's home (${width})`);
      return key;
    });

    await test.step('the reader is refused the admin pages and calls', async () => {
      await reader.goto(`${server.url}/staff/accounts`);
      await expect(reader.getByRole('alert')).toContainText(STAFF_MESSAGES.forbidden);
      await expectAccessible(reader, `staff accounts refused (${width})`);
      await reader.goto(`${server.url}/staff/audit`);
      await expect(reader.getByRole('alert')).toContainText(STAFF_MESSAGES.forbidden);
      const res = await reader.request.get(`${server.url}/staff/api/accounts`);
      expect(res.status()).toBe(403);
      expect((await res.json()).message).toBe(STAFF_MESSAGES.forbidden);
    });

    await test.step('five wrong codes lock the account', async () => {
      await signOut(reader);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        // Wait for this attempt's own answer: the alert the previous attempt left already says the same.
        const answer = reader.waitForResponse(
          (res) => res.url().endsWith('/staff/api/sign-in') && res.request().method() === 'POST',
        );
        await fillSignIn(reader, viewport.reader, wrongCode(readerKey));
        // The fifth locks the email, and says so.
        expect((await answer).status()).toBe(attempt < 5 ? 400 : 429);
        await expect(reader.getByRole('alert')).toHaveText(
          attempt < 5 ? STAFF_MESSAGES.badSignIn : staffLockedNowMessage(30_000),
        );
        // The button is free again, its name without antd's "loading" icon.
        await expect(reader.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      }
      await expectAccessible(reader, `sign-in, wrong code (${width})`);
      await fillSignIn(reader, viewport.reader, totp(readerKey));
      // The time left, in tens of seconds (the accessibility check above takes a moment).
      await expect(reader.getByRole('alert')).toHaveText(
        /^Too many failed attempts\. Please try again in [1-3]0 seconds\.$/,
      );
    });
    await readerContext.close();

    await test.step('single sign-on with MFA signs in', async () => {
      const { context, page } = await ssoSignIn(browser, size, viewport.admin, true);
      await expect(page).toHaveURL(/\/staff$/);
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${viewport.admin}` })).toBeVisible();
      await expect(page.getByText('with your college account')).toBeVisible();
      await context.close();
    });

    await test.step('single sign-on without MFA, or for an unknown email, is refused', async () => {
      const noMfa = await ssoSignIn(browser, size, viewport.admin, false);
      await expect(noMfa.page).toHaveURL(/\/staff\/sign-in\?error=SsoNoMfa$/);
      await expect(noMfa.page.getByRole('alert')).toContainText(STAFF_MESSAGES.ssoNoMfa);
      await expectAccessible(noMfa.page, `sign-in, SSO without MFA (${width})`);
      await noMfa.context.close();
      const unknown = await ssoSignIn(browser, size, `nobody.${viewport.name}@college.example`, true);
      await expect(unknown.page).toHaveURL(/\/staff\/sign-in\?error=SsoUnknown$/);
      await expect(unknown.page.getByRole('alert')).toContainText(STAFF_MESSAGES.ssoUnknown);
      await unknown.context.close();
    });

    await test.step("the admin's audit log shows the reader's refused access", async () => {
      await admin.getByRole('link', { name: 'Audit log' }).first().click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(admin.getByRole('cell', { name: 'staff-added' }).first()).toBeVisible();
      await expectAccessible(admin, `audit log (${width})`);
      await admin.getByLabel('Actor email').fill(viewport.reader);
      await admin.getByLabel('Action').selectOption('access-refused');
      await admin.getByRole('button', { name: 'Apply filters' }).click();
      await expect(admin).toHaveURL(/\/staff\/audit\?actor=.+&action=access-refused$/);
      const rows = admin.locator('.ant-table-tbody tr');
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText(viewport.reader);
      await expect(rows.first()).toContainText('GET /staff/api/accounts');
      await expect(admin.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
        'href',
        /\/staff\/api\/audit\.csv\?actor=.+&action=access-refused$/,
      );
      await expectAccessible(admin, `audit log, filtered (${width})`);
      // The filters live in the address: Back returns to the unfiltered log.
      await admin.goBack();
      await expect(admin).toHaveURL(/\/staff\/audit$/);
      await expect(admin.getByLabel('Action')).toHaveValue('');
      const csv = await admin.request.get(`${server.url}/staff/api/audit.csv?action=access-refused`);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain(`${viewport.reader},access-refused`);
    });
    await adminContext.close();
  });
}
