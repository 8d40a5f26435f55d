import { expect, test } from '@playwright/test';

test('the built app is served at / (which opens /about) and the API answers /api/profile with 401', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/about');
  const profile = await request.get('/api/profile');
  expect(profile.status()).toBe(401);
  expect(await profile.json()).toMatchObject({ message: 'You are not logged in, or your session has ended.' });
});

test('a deep link to a page route serves the app, keeping the query string', async ({ page }) => {
  await page.goto('/reset?username=a%40b.co&id=abc');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?username=a%40b.co&id=abc');
});

test('the root address serves the app page itself', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['cache-control']).toBe('no-cache');
});
