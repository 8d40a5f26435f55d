/**
 * Single sign-on with OpenID Connect in a real browser, through the real provider (oidc-provider, testing/
 * oidcProvider.ts, started with the server by e2e/staffServer.ts), at 1280 px and at 390 px. A link to
 * /staff/applicants?status=submitted opened signed out goes to the sign-in page; "Sign in with …" leaves for the
 * provider's form, and the sign-in lands on the page first asked for. The first sign-in links the account to the
 * provider's subject: someone else with the same email (another subject) is refused with the reason shown; the
 * admin sees each link on the Staff accounts page and resets one behind a confirmation, and then the new subject
 * links. axe finds no WCAG 2.0–2.2 A/AA violation on the sign-in page with the refusal shown, nor on the accounts
 * page (with the links, the confirmation and after the reset).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STAFF_MESSAGES } from '../src/kernel/staff/messages';
import { STAFF_API } from '../src/kernel/staff/paths';
import { expectAccessible } from './axe';
import { afterMotion } from './motion';
import { startStaffServer, type StaffServer } from './staffServer';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
].map((viewport) => ({
  ...viewport,
  admin: `sso.admin.${viewport.name}@college.example`,
  reader: `sso.reader.${viewport.name}@college.example`,
}));
const ASKED_FOR = '/staff/applicants?status=submitted';

let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startStaffServer(
    VIEWPORTS.map((viewport) => viewport.admin),
    { readers: VIEWPORTS.map((viewport) => viewport.reader), name: 'staff-oidc' },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** On the sign-in page: follows "Sign in with …" to the provider; its link carries the page first asked for. */
async function leaveForProvider(page: Page, returnTo?: string) {
  const link = page.getByRole('link', { name: /^Sign in with / });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toBe(
    returnTo === undefined
      ? `${STAFF_API}/sso/start`
      : `${STAFF_API}/sso/start?returnTo=${encodeURIComponent(returnTo)}`,
  );
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'College sign-in' })).toBeVisible();
}

/** The provider's form: the email, the subject it knows the person by (else the email), and the second factor. */
async function atProvider(page: Page, email: string, sub?: string) {
  await page.getByLabel('College email').fill(email);
  if (sub) await page.getByLabel('Subject (sub)').fill(sub);
  await page.getByLabel('I used my second factor').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A whole single sign-on from the sign-in page, in a browser context of its own (no provider session yet). */
async function ssoInNewContext(browser: Browser, size: { width: number; height: number }, email: string, sub?: string) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.goto(`${server.url}/staff/sign-in`);
  await leaveForProvider(page);
  await atProvider(page, email, sub);
  return { context, page };
}

for (const viewport of VIEWPORTS) {
  test(`OpenID Connect sign-in at ${viewport.width} px: back to the page asked for, the link and its reset`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const adminContext = await browser.newContext({ viewport: size });
    const admin = await adminContext.newPage();

    await test.step('a link opened signed out lands, after single sign-on, on the page asked for', async () => {
      await admin.goto(`${server.url}${ASKED_FOR}`);
      await expect(admin).toHaveURL(/\/staff\/sign-in(\?|$)/);
      await expect(admin.getByText(STAFF_MESSAGES.notSignedIn)).toBeVisible();
      await leaveForProvider(admin, ASKED_FOR);
      await atProvider(admin, viewport.admin);
      await expect(admin).toHaveURL(`${server.url}${ASKED_FOR}`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
      await expect(admin.getByText(`Signed in as ${viewport.admin} (Admin)`)).toBeVisible();
    });

    const reader = await test.step('the reader signs in: the account is linked to their subject', async () => {
      const signedIn = await ssoInNewContext(browser, size, viewport.reader);
      await expect(signedIn.page).toHaveURL(/\/staff$/);
      await expect(signedIn.page.getByRole('heading', { level: 1, name: `Welcome, ${viewport.reader}` })).toBeVisible();
      return signedIn;
    });

    await test.step('someone else with the same email at the provider is refused, the reason shown', async () => {
      const other = await ssoInNewContext(browser, size, viewport.reader, `another-${viewport.name}`);
      await expect(other.page).toHaveURL(/\/staff\/sign-in\?error=SsoBoundElsewhere$/);
      await expect(other.page.getByRole('alert')).toContainText(STAFF_MESSAGES.ssoBoundElsewhere);
      await expectAccessible(other.page, `sign-in, SSO linked elsewhere (${width})`);
      await other.context.close();
    });

    await test.step('the admin sees the links and resets the reader’s', async () => {
      await admin.getByRole('link', { name: 'Staff accounts' }).first().click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
      const row = (email: string) => admin.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      const linked = (email: string) =>
        new RegExp(`Linked to http://localhost:\\d+ as ${email.replace(/\./g, '\\.')} since .+ E[SD]T`);
      await expect(row(viewport.admin)).toContainText(linked(viewport.admin));
      await expect(row(viewport.reader)).toContainText(linked(viewport.reader));
      await expectAccessible(admin, `staff accounts, single sign-on links (${width})`);

      await row(viewport.reader)
        .getByRole('button', { name: `Reset single sign-on link of ${viewport.reader}` })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Reset the single sign-on link?' });
      await expect(dialog).toContainText(`${viewport.reader} will be signed out`);
      await afterMotion(admin);
      await expectAccessible(admin, `staff accounts, reset confirmation (${width})`);
      await dialog.getByRole('button', { name: 'Reset link' }).click();
      await expect(admin.getByRole('status').filter({ hasText: STAFF_MESSAGES.ssoReset })).toBeVisible();
      await expect(row(viewport.reader)).toContainText('Not linked to single sign-on');
      await expect(row(viewport.reader).getByRole('button', { name: /Reset single sign-on link/ })).toHaveCount(0);
      await expectAccessible(admin, `staff accounts, link reset (${width})`);
    });

    await test.step('the reset ended the reader’s session, and the next single sign-on links the new subject', async () => {
      await reader.page.reload();
      await expect(reader.page).toHaveURL(/\/staff\/sign-in(\?|$)/);
      await reader.context.close();
      const relinked = await ssoInNewContext(browser, size, viewport.reader, `another-${viewport.name}`);
      await expect(relinked.page).toHaveURL(/\/staff$/);
      await relinked.context.close();
      await admin.reload();
      await expect(admin.getByRole('row', { name: new RegExp(viewport.reader.replace(/\./g, '\\.')) })).toContainText(
        `as another-${viewport.name} since`,
      );
    });
    await adminContext.close();
  });
}
