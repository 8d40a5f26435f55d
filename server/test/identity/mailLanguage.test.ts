import { IDENTITY_MAILS } from '../../src/identity/mails';
import {
  confirm,
  json,
  latestCode,
  latestResetLink,
  makeApp,
  outboxFor,
  PASSWORD,
  settled,
  type TestApp,
} from '../helpers';

/**
 * The account mails are written in the language of the page that asked for them (its request's `language`),
 * English when it says none; a language the pages do not speak is refused before anything is mailed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

async function post(url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, ...json(payload) });
  await settled(t);
  return res;
}

it('a sign-up from a Spanish page mails the code in Spanish, and the code confirms the account', async () => {
  const res = await post('/public/signup', { username: 'sofia@example.com', password: PASSWORD, language: 'es' });
  expect(res.statusCode).toBe(201);
  const [mail] = outboxFor(t.config, 'sofia@example.com');
  const code = latestCode(t.config, 'sofia@example.com');
  expect(mail).toContain(`Su código de confirmación es ${code}`);
  expect(mail).toContain('Es válido por 24 horas.');
  expect(mail).not.toContain('Your confirmation code');
  expect((await confirm(t, 'sofia@example.com', code)).statusCode).toBe(200);
});

it('a new code and a reset link asked for from Spanish pages come in Spanish; without a language, in English', async () => {
  await post('/public/signup', { username: 'mateo@example.com', password: PASSWORD });
  expect(outboxFor(t.config, 'mateo@example.com')[0]).toContain('Your confirmation code is');

  await post('/public/resend-confirm', { username: 'mateo@example.com', language: 'es' });
  const resent = outboxFor(t.config, 'mateo@example.com').at(-1);
  expect(resent).toContain(`Su código de confirmación es ${latestCode(t.config, 'mateo@example.com')}`);

  await post('/public/forgot-password', { username: 'mateo@example.com', language: 'es' });
  const reset = outboxFor(t.config, 'mateo@example.com').at(-1);
  expect(reset).toContain('Para elegir una contraseña nueva, abra este enlace dentro de una hora:');
  expect(latestResetLink(t.config, 'mateo@example.com').pathname).toBe('/reset');

  await post('/public/forgot-password', { username: 'mateo@example.com' });
  expect(outboxFor(t.config, 'mateo@example.com').at(-1)).toContain('To choose a new password, open this link');
});

it('refuses a language the pages do not speak, and mails nothing', async () => {
  const res = await post('/public/signup', { username: 'fr@example.com', password: PASSWORD, language: 'fr' });
  expect(res.statusCode).toBe(400);
  expect(outboxFor(t.config, 'fr@example.com')).toEqual([]);
  expect((await post('/public/forgot-password', { username: 'fr@example.com', language: 'fr' })).statusCode).toBe(400);
});

it('each language has every account mail, with the code, the links and the note where English has them', () => {
  const args = { college: 'C', code: '123456', confirmLink: 'https://x/confirm', note: 'NOTE' };
  for (const mails of Object.values(IDENTITY_MAILS)) {
    expect(mails.confirmCode(args).text).toMatch(/123456[\s\S]*https:\/\/x\/confirm[\s\S]*NOTE$/);
    expect(mails.confirmCode(args).subject).toContain('C');
    expect(mails.waitingAccountNote('https://x/forgot')).toContain('https://x/forgot');
    const existing = mails.existingAccount({ loginLink: 'https://x/login', forgotLink: 'https://x/forgot' }).text;
    expect(existing).toMatch(/https:\/\/x\/login[\s\S]*https:\/\/x\/forgot/);
    expect(mails.resetLink('https://x/reset?id=1').text).toContain('https://x/reset?id=1');
  }
});
