import { screen, waitFor, within } from '@testing-library/react';
import { authApi, authError } from '../../../tests/msw/auth';
import { server } from '../../../tests/msw/server';
import { LANGUAGE_STORAGE_KEY } from '../../kernel/i18n/languages';
import { PARTNER, SITE_NAME } from '../../kernel/partner';
import { IDENTITY_MESSAGES } from '../../kernel/auth/messages';
import { englishLeft } from '../language/testing';
import { GOOD_PASSWORD, renderAuthPage } from './testing';

/** The proper names a Spanish page shows as they are. */
const NAMES = [SITE_NAME, PARTNER.name, PARTNER.department, `${PARTNER.name} · ${PARTNER.department}`];

/** The account page at `path`, switched to Spanish with the header's switch, once its heading is Spanish. */
async function inSpanish(path: string, heading: string) {
  const page = await renderAuthPage(path);
  const main = screen.getByRole('main');
  await page.user.click(screen.getByRole('button', { name: 'Español' }));
  expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  return { ...page, main };
}

describe('the account pages in Spanish', () => {
  it('the switch turns Log In into Spanish, marks the page and its own name, keeps the choice, and turns back', async () => {
    const { user, main, router } = await inSpanish('/login', 'Iniciar sesión');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(document.title).toBe(`Iniciar sesión - ${SITE_NAME}`);
    const back = screen.getByRole('button', { name: 'English' });
    expect(back).toHaveAttribute('lang', 'en');
    expect(router.state.location.pathname).toBe('/login');
    expect(englishLeft(main, NAMES)).toEqual([]);

    await user.click(back);
    expect(await within(main).findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('keeps what was typed across a switch, and shows the validation messages in Spanish', async () => {
    const { user, main } = await renderAuthPage('/login').then(async (page) => {
      await page.user.type(screen.getByLabelText('Email'), 'not an email');
      await page.user.click(screen.getByRole('button', { name: 'Español' }));
      await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'Iniciar sesión' });
      return { ...page, main: screen.getByRole('main') };
    });
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('not an email');
    await user.click(within(main).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await within(main).findByText('Escriba una dirección de correo electrónico válida.')).toBeInTheDocument();
    expect(within(main).getByText('La contraseña es obligatoria.')).toBeInTheDocument();
    expect(englishLeft(main, NAMES)).toEqual([]);
  });

  it("shows the server's answer in Spanish in a toast titled in Spanish", async () => {
    server.use(
      ...authApi({ login: authError(400, IDENTITY_MESSAGES.badCredentials, 'NotAuthorizedException') }).handlers,
    );
    const { user, main } = await inSpanish('/login', 'Iniciar sesión');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ada@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'whatever it is');
    await user.click(within(main).getByRole('button', { name: 'Iniciar sesión' }));
    const toast = await screen.findByRole('alert', { name: 'Error al iniciar sesión' });
    expect(toast).toHaveTextContent('La dirección de correo electrónico o la contraseña no son correctas.');
    expect(englishLeft(screen.getByRole('region', { name: 'Notificaciones' }), NAMES)).toEqual([]);
  });

  it('asks the server to write its mails in Spanish: sign-up, a new code, a reset link', async () => {
    const auth = authApi();
    server.use(...auth.handlers);
    const { user, main } = await inSpanish('/signup', 'Crear una cuenta');
    await user.type(screen.getByLabelText('Correo electrónico'), 'sofia@example.com');
    await user.type(screen.getByLabelText('Contraseña'), GOOD_PASSWORD);
    await user.click(within(main).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() =>
      expect(auth.calls.signup).toEqual([{ username: 'sofia@example.com', password: GOOD_PASSWORD, language: 'es' }]),
    );
    await within(main).findByRole('heading', { level: 1, name: 'Confirme su cuenta' });
    await user.click(within(main).getByRole('button', { name: 'Reenviar el código de confirmación' }));
    await waitFor(() => expect(auth.calls.resend).toEqual([{ username: 'sofia@example.com', language: 'es' }]));
  });

  it.each([
    ['/signup', 'Crear una cuenta', 'Crear cuenta'],
    ['/confirm', 'Confirme su cuenta', 'Confirmar la cuenta'],
    ['/forgot', 'Olvidé mi contraseña', 'Enviar el enlace'],
    ['/reset?username=ada%40example.com&id=Zm9vYmFy-123_x', 'Restablecer la contraseña', 'Restablecer la contraseña'],
    ['/reset?username=ada%40example.com', 'Restablecer la contraseña', undefined],
  ])('%s is all Spanish, and so are its errors after an empty submit', async (path, heading, submit) => {
    const { user, main } = await inSpanish(path, heading);
    if (submit) {
      await user.click(within(main).getByRole('button', { name: submit }));
      // An error under a field, or a requirement line that is not met.
      await waitFor(() => expect(main.querySelector('[role="alert"], [data-state="error"]')).not.toBeNull());
    }
    expect(englishLeft(main, NAMES)).toEqual([]);
  });
});
