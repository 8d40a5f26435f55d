import { expect, request as playwrightRequest, test } from '@playwright/test';
import { SESSION_INVALID } from '../src/kernel/messages';
import { fieldByLabel, newLoggedInApplicant } from './account';
import { clickAfterLayout } from './motion';

test('a session revoked on the server sends the next call to /login with the message', async ({
  page,
  context,
  baseURL,
}) => {
  await newLoggedInApplicant(page.request, 'revoked');
  // Start-up ends with a new applicant's web status sent (sessionListeners), which may come after the form shows:
  // the session is revoked only then, so the call that meets the revoked session is the save below.
  const startedSent = page.waitForResponse((response) => response.url().endsWith('/api/web-status'));
  await page.goto('/about');
  await expect(fieldByLabel(page, 'First Name')).toBeVisible();
  expect((await startedSent).status()).toBe(200);

  // Log the session out from elsewhere (another device): the server revokes it; this browser still holds the cookie.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const elsewhere = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  expect((await elsewhere.get('/api/logout')).status()).toBe(200);
  await elsewhere.dispose();

  await fieldByLabel(page, 'First Name').fill('Ada');
  await clickAfterLayout(page.getByRole('button', { name: 'Save and Continue' }));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: SESSION_INVALID })).toBeVisible();
});
