/**
 * SAML 2.0 sign-in in a real browser, at 1280 and 390 px: the console's start sends the browser to the test campus
 * IdP (testing/samlIdp.ts, Auth0's samlp, on 127.0.0.1: another site than the console's localhost, so its answer is
 * a cross-site form post as a campus IdP's is), whose form signs a reader in with MFA; the IdP's page posts the
 * assertion to the ACS, and the browser lands signed in on the page asked for. Without MFA, or as an unknown user,
 * it lands on the sign-in page with the reason, which axe finds no WCAG 2.0–2.2 A/AA violation on.
 * The page asked for is opened signed out: the console sends it to the sign-in page, whose "Sign in with …" link
 * carries it to the SAML start.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STAFF_MESSAGES } from '../src/kernel/staff/messages';
import { expectAccessible } from './axe';
import { startProgram, startStaffServer, type StaffServer } from './staffServer';
import { freePort } from '../testing/freePort';
import { selfSignedKeyPair } from '../testing/samlKeys';

const VIEWPORTS = [
  { width: 1280, height: 800, reader: 'reader@college.example', eppn: 'reader@college.example' },
  { width: 390, height: 844, reader: 'reader.phone@college.example', eppn: 'rphone@college.example' },
];

/** The page a signed-out link asked for: the sign-in lands there. */
const ASKED_FOR = '/staff/applicants?status=submitted';

let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startStaffServer([], {
    readers: VIEWPORTS.map((viewport) => viewport.reader),
    name: 'staff-saml',
    companion: async (url) => {
      const sp = selfSignedKeyPair('Admissions staff console (e2e)');
      const idp = await startProgram(
        'testing/samlIdp.ts',
        {
          ...process.env,
          SAML_IDP_PORT: String(await freePort()),
          SAML_SP_ENTITY_ID: `${url}/staff/api/saml/metadata`,
          SAML_SP_ACS_URL: `${url}/staff/api/saml/acs`,
          SAML_SP_CERT: sp.certFile,
        },
        /^ready /,
      );
      return {
        env: {
          STAFF_SAML_METADATA_URL: idp.line.replace(/^ready /, '').trim(),
          STAFF_SAML_SP_KEY: sp.keyFile,
          STAFF_SAML_SP_CERT: sp.certFile,
          STAFF_SAML_REQUIRE_MFA: 'true',
          STAFF_SAML_NAME: 'Northfield NetID',
        },
        stop: idp.stop,
      };
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** From the console's start to the campus IdP's form, filled in and sent, in a browser context of its own. */
async function samlSignIn(
  browser: Browser,
  viewport: { width: number; height: number },
  who: { eppn: string; mail: string; mfa: boolean },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.url}${ASKED_FOR}`);
  await expect(page).toHaveURL(`${server.url}/staff/sign-in?returnTo=${encodeURIComponent(ASKED_FOR)}`);
  await page.getByRole('link', { name: 'Sign in with Northfield NetID' }).click();
  await expect(page.getByRole('heading', { name: 'Campus sign-in' })).toBeVisible();
  // The console asked for MFA (REFEDS MFA in the request): the IdP offers it ticked.
  await expect(page.getByLabel('I used my second factor')).toBeChecked();
  await page.getByLabel('eduPersonPrincipalName').fill(who.eppn);
  await page.getByLabel('Email (mail)').fill(who.mail);
  if (!who.mfa) await page.getByLabel('I used my second factor').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

for (const viewport of VIEWPORTS) {
  const size = { width: viewport.width, height: viewport.height };

  test(`SAML sign-in at ${viewport.width} px: a reader lands on the page asked for; refusals say why`, async ({
    browser,
  }) => {
    const reader = await samlSignIn(browser, size, { eppn: viewport.eppn, mail: viewport.reader, mfa: true });
    await expect(reader).toHaveURL(`${server.url}${ASKED_FOR}`);
    await expect(reader.getByRole('heading', { name: 'Applicants', level: 1 })).toBeVisible();
    const me = await reader.evaluate(() => fetch('/staff/api/me').then((r) => r.json()));
    expect(me).toEqual({ email: viewport.reader, role: 'reader', via: 'sso' });
    await reader.context().close();

    const noMfa = await samlSignIn(browser, size, { eppn: viewport.eppn, mail: viewport.reader, mfa: false });
    await expect(noMfa).toHaveURL(`${server.url}/staff/sign-in?error=SsoNoMfa`);
    await expect(noMfa.getByRole('alert')).toContainText(STAFF_MESSAGES.ssoNoMfa);
    await expectAccessible(noMfa, `sign-in, SAML without MFA (${viewport.width})`);
    await noMfa.context().close();

    const unknown = await samlSignIn(browser, size, {
      eppn: `nobody.${viewport.width}@college.example`,
      mail: `nobody.${viewport.width}@college.example`,
      mfa: true,
    });
    await expect(unknown).toHaveURL(`${server.url}/staff/sign-in?error=SsoUnknown`);
    await expect(unknown.getByRole('alert')).toContainText(STAFF_MESSAGES.ssoUnknown);
    await expectAccessible(unknown, `sign-in, SAML unknown user (${viewport.width})`);
    await unknown.context().close();
  });
}
