import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { mailed } from './mail';

const PASSWORD = 'Correct-Horse-9-Battery';

/**
 * The account pages in Spanish, on the real server: the header's switch, what it keeps (the page, what was typed,
 * the choice across pages and visits), the browser's own preference on a first visit, the validation messages and
 * the server's answers in Spanish, and English back exactly as it was.
 */
for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a visitor switches Log In to Spanish, keeps what was typed, reads Spanish errors, and switches back', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      const switchToSpanish = page.getByRole('banner').getByRole('button', { name: 'Español' });
      await expect(switchToSpanish).toBeVisible();
      await expect(switchToSpanish).toHaveAttribute('lang', 'es');
      await switchToSpanish.click();

      await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page).toHaveTitle(/^Iniciar sesión - /);
      await expect(page.getByLabel('Correo electrónico', { exact: true })).toHaveValue('not-an-email');
      await expectAccessible(page, `on /login in Spanish at ${width} px`);

      await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(
        page.getByText('Escriba una dirección de correo electrónico válida.', { exact: true }),
      ).toBeVisible();
      await expect(page.getByText('La contraseña es obligatoria.', { exact: true })).toBeVisible();
      await expectAccessible(page, `on /login in Spanish with its errors at ${width} px`);

      const back = page.getByRole('banner').getByRole('button', { name: 'English' });
      await expect(back).toHaveAttribute('lang', 'en');
      await back.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByText('Please provide a valid email address.', { exact: true })).toBeVisible();
      await expect(page.getByText('Password is required.', { exact: true })).toBeVisible();
    });

    test("the choice holds across pages and visits, and the server's answers show in Spanish", async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
      await page.getByRole('link', { name: 'Crear cuenta' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
      await expect(page.getByText('Requisitos de la contraseña:')).toBeVisible();
      await expectAccessible(page, `on /signup in Spanish at ${width} px`);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
      await page.getByRole('link', { name: 'Iniciar sesión' }).click();
      await page.getByLabel('Correo electrónico', { exact: true }).fill(`nobody-${width}@example.com`);
      await page.getByLabel('Contraseña', { exact: true }).fill('Not-The-Password-1');
      await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
      const toast = page.getByRole('alert', { name: 'Error al iniciar sesión' });
      await expect(toast).toContainText('La dirección de correo electrónico o la contraseña no son correctas.');
      await toast.hover();
      await expectAccessible(page, `on /login in Spanish with the server's error at ${width} px`);
    });
  });
}

test('a visitor signs up in Spanish, confirms with the code of a Spanish mail, and logs in', async ({ page }) => {
  const email = `e2e-es-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirme su cuenta' })).toBeVisible();
  const code = await mailed(email, /Su código de confirmación es (\d{6})/);
  await page.getByLabel('Código de confirmación', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirmar la cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Aviso de éxito' })).toContainText(
    'Su cuenta está confirmada. Ya puede iniciar sesión.',
  );
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test.describe('a first visit from a browser that prefers Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('starts in Spanish, and English is one press away', async ({ page }) => {
    await page.goto('/forgot');
    await expect(page.getByRole('heading', { level: 1, name: 'Olvidé mi contraseña' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    // The choice is kept over the browser's preference.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  });
});
