/**
 * The application id staff use (APP-000123, from the user id) where the applicant looks, on the real database
 * engine: the profile carries it (the completion page shows it), the receipt mail quotes it, and the PDF copy's
 * header names the college and the id, read back as a reader's tools read it (poppler).
 */
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import { pageTexts } from '../../../testing/poppler';
import { asUser, makeApp, newApplicant, outboxFor, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ collegeName: 'Lakeside College', pdfCompress: false });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, ...asUser(who, payload, method) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const idOf = async (username: string) =>
  (await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username])).rows[0].id;

/** Signs `to` up, saves a complete application and submits it: the applicant's cookie. */
async function submitted(to: string) {
  const who = await newApplicant(t, to);
  const answers = { ...completeApplication(), first_name: 'Ngozi', last_name: 'Okafor' };
  expect((await call('PUT', '/api/answer', who, answers)).statusCode).toBe(200);
  expect((await call('POST', '/api/submit', who)).statusCode).toBe(200);
  return who;
}

/** GET /api/pdf until the copy is built, then its bytes. */
async function pdfCopy(who: string): Promise<Buffer> {
  for (let i = 0; i < 200; i++) {
    const body = (await call('GET', '/api/pdf', who)).json() as { status: string; url?: string };
    if (body.status === 'completed') {
      const download = await t.app.inject({ method: 'GET', url: body.url!, headers: { cookie: who } });
      expect(download.statusCode).toBe(200);
      return download.rawPayload;
    }
    expect(body.status).toBe('in_progress');
    await sleep(50);
  }
  throw new Error('the PDF copy was not built');
}

/** The receipt mailed to `to`, once the worker sent it (after the submit's answer). */
async function receiptFor(to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const receipt = outboxFor(t.config, to).find((mail) => mail.includes('we received your application'));
    if (receipt) return receipt;
    await sleep(50);
  }
  throw new Error(`no receipt for ${to}`);
}

describe('the application id where the applicant looks', () => {
  const to = 'app-id@example.com';
  let who: string;
  let id: string;
  beforeAll(async () => {
    who = await submitted(to);
    id = applicationIdOf(await idOf(to));
  });

  it('is APP- and six digits or more, from the user id', () => {
    expect(applicationIdOf(123)).toBe('APP-000123');
    expect(applicationIdOf('1234567')).toBe('APP-1234567');
    expect(id).toMatch(/^APP-\d{6}$/);
  });

  it('comes with the profile', async () => {
    const profile = (await call('GET', '/api/profile', who)).json();
    expect(profile.application_id).toBe(id);
    // SPEC §3's fields are all still there.
    expect(Object.keys(profile)).toEqual(
      expect.arrayContaining(['username', 'last_page', 'successful_login', 'web_status', 'answer', 'document_answer']),
    );
  });

  it('is quoted in the receipt', async () => {
    const receipt = await receiptFor(to);
    expect(receipt).toContain(`Your application ID is ${id}. Please quote it whenever you contact us.`);
    expect(receipt).toContain('Lakeside College received your undergraduate application');
  });

  it('heads the PDF copy with the college’s name', async () => {
    const [first] = pageTexts(await pdfCopy(who));
    const header = first!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 4);
    expect(header).toEqual([
      'Lakeside College',
      'Undergraduate Application',
      'Applicant: Ngozi Okafor (app-id@example.com)',
      `Application ID: ${id}`,
    ]);
  });
});
