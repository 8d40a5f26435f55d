import { ANSWER_MESSAGES } from '../../src/answers/service';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { UNSTORABLE_TEXT_MESSAGES } from '../../src/http/jsonBody';

const NULL_CHARACTER_MESSAGE = UNSTORABLE_TEXT_MESSAGES.nullCharacter;
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp();
  cookie = await newApplicant(t, 'applicant@example.com');
});
afterAll(() => t.close());

const idOf = async (username: string) =>
  (await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username])).rows[0].id;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, who = cookie) =>
  t.app.inject({ method, url, ...asUser(who, payload, method) });

/** Answers that pass the server's required checks (SPEC §5). */
const COMPLETE = requiredAnswers();

describe('profile', () => {
  it('returns the profile response of SPEC §3', async () => {
    const res = await call('GET', '/api/profile');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      username: 'applicant@example.com',
      last_page: null,
      version: 0,
      successful_login: [expect.any(String)],
      web_status: [],
      answer: {},
      document_answer: {},
      // Beyond SPEC §3: the id staff know the application by.
      application_id: expect.stringMatching(/^APP-\d{6}$/),
    });
    expect(new Date(body.successful_login[0]).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reads in one query what the separate tables hold: logins and statuses in time order, documents by key', async () => {
    const who = await newApplicant(t, 'profile-rows@example.com');
    const userId = await idOf('profile-rows@example.com');
    // Microseconds, out of order, and the statuses submit writes in one transaction (the same time).
    await t.app.db.query(
      `INSERT INTO successful_logins (user_id, at) VALUES ($1, '2026-03-04T05:06:07.891234Z'), ($1, '2025-12-31T23:59:59.999999Z')`,
      [userId],
    );
    await t.app.db.query(
      `INSERT INTO web_statuses (user_id, web_status, at) VALUES ($1, 'validating', '2026-01-02T00:00:00Z'),
              ($1, 'started', '2026-01-01T00:00:00.000500Z')`,
      [userId],
    );
    for (const [key, name, size] of [
      ['transcript_doc', 'transcript.pdf', 52_000],
      ['essay_doc', 'Essay draft.docx', 1_048_576],
    ] as const) {
      await t.app.db.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, file_size, source_key, pdf_key, page_count)
         VALUES ($1, $2, $3, $4, 'source', 'pdf', 1)`,
        [userId, key, name, size],
      );
    }
    await call('PUT', '/api/answer', { first_name: 'Rows' }, who);

    const body = (await call('GET', '/api/profile', undefined, who)).body;
    const logins = await t.app.db.query<{ at: Date }>(
      'SELECT at FROM successful_logins WHERE user_id = $1 ORDER BY at',
      [userId],
    );
    expect(body).toBe(
      JSON.stringify({
        username: 'profile-rows@example.com',
        last_page: null,
        version: 1,
        successful_login: logins.rows.map((r) => new Date(r.at).toISOString()),
        web_status: [{ web_status: 'started' }, { web_status: 'validating' }],
        // A document question's ANSWERED is derived from its kept document.
        answer: { first_name: 'Rows', essay_doc: 'ANSWERED', transcript_doc: 'ANSWERED' },
        document_answer: {
          essay_doc: { file_name: 'Essay draft.docx', file_size: 1_048_576 },
          transcript_doc: { file_name: 'transcript.pdf', file_size: 52_000 },
        },
        application_id: applicationIdOf(userId),
      }),
    );
    expect(JSON.parse(body).successful_login.slice(0, 2)).toEqual([
      '2025-12-31T23:59:59.999Z',
      '2026-03-04T05:06:07.891Z',
    ]);
  });

  it('creates the application row of an account that has none', async () => {
    const who = await newApplicant(t, 'no-row@example.com');
    await t.app.db.query('DELETE FROM applications WHERE user_id = $1', [await idOf('no-row@example.com')]);
    const res = await call('GET', '/api/profile', undefined, who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'no-row@example.com', version: 0, answer: {}, document_answer: {} });
  });
});

describe('PUT /api/answer', () => {
  it('stores the whole map and the profile shows it; _desc companions and booleans included', async () => {
    const answer = { first_name: 'Ada', gender: 'F', gender_desc: 'Female', optin_sms_ind: true };
    const res = await call('PUT', '/api/answer', answer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ANSWER_MESSAGES.saved });
    expect((await call('GET', '/api/profile')).json().answer).toEqual(answer);
    await call('PUT', '/api/answer', { first_name: 'Grace' });
    expect((await call('GET', '/api/profile')).json().answer).toEqual({ first_name: 'Grace' });
  });

  it.each([
    ['an array', ['a']],
    ['a number value', { first_name: 5 }],
    ['a nested object', { first_name: { x: 1 } }],
    ['a null value', { first_name: null }],
    ['a key over 100 characters', { ['k'.repeat(101)]: 'x' }],
    ['a value over 7000 characters', { personal_statement_essay: 'x'.repeat(7001) }],
  ])('refuses %s with 400 and keeps what was stored', async (_, payload) => {
    await call('PUT', '/api/answer', { first_name: 'Kept' });
    const res = await call('PUT', '/api/answer', payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect((await call('GET', '/api/profile')).json().answer).toEqual({ first_name: 'Kept' });
  });

  it('names what is too long: a key over 100, a value over 7000 characters (UTF-16 units, as the form counts)', async () => {
    const longKey = await call('PUT', '/api/answer', { ['k'.repeat(101)]: 'x' });
    expect(longKey.json().message).toBe("Invalid request: an answer's name is longer than 100 characters.");
    const emptyKey = await call('PUT', '/api/answer', { '': 'x' });
    expect(emptyKey.json().message).toBe('Invalid request: an answer has no name.');
    // 3,501 emoji: 3,501 characters to a code-point count, 7,002 to the form's (yup's max counts .length).
    const emoji = await call('PUT', '/api/answer', { personal_statement_essay: '😀'.repeat(3501) });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.json().message).toBe(
      'Invalid request: personal_statement_essay must NOT have more than 7000 characters.',
    );
    const atLimit = { personal_statement_essay: '😀'.repeat(3500), ['k'.repeat(100)]: true };
    expect((await call('PUT', '/api/answer', atLimit)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile')).json().answer).toEqual(atLimit);
  });

  it('stores the map the body holds, whatever its spacing, duplicate keys or byte order mark', async () => {
    const text = '\uFEFF{ "first_name" : "Ada",\n  "first_name": "Grace", "note": "tab\\tand \\u00e9" ,"x": false }';
    const res = await call('PUT', '/api/answer', text);
    expect(res.statusCode).toBe(200);
    // The last of duplicate keys wins, as in JSON.parse (and in the SPA, which never sends duplicates).
    expect((await call('GET', '/api/profile')).json().answer).toEqual({
      first_name: 'Grace',
      note: 'tab\tand é',
      x: false,
    });
  });

  it('refuses a null character or half a character (PostgreSQL cannot store them) with 400 and keeps what was stored', async () => {
    await call('PUT', '/api/answer', { first_name: 'Kept' });
    const res = await call('PUT', '/api/answer', { first_name: 'A\u0000B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NULL_CHARACTER_MESSAGE);
    expect((await call('GET', '/api/profile')).json().answer).toEqual({ first_name: 'Kept' });
    // Other routes that store text, and a key: the same answer (it was a 500 before).
    const tab = await call('PUT', '/api/tabs', { tab_id: 'upload', chosen_tab: 'x\u0000' });
    expect([tab.statusCode, tab.json().message]).toEqual([400, NULL_CHARACTER_MESSAGE]);
    const validations = await call('POST', '/api/validations', { ['k\u0000']: ['Required'] });
    expect([validations.statusCode, validations.json().message]).toEqual([400, NULL_CHARACTER_MESSAGE]);
    // Half a character (a lone surrogate, escaped or not), anywhere.
    for (const half of ['{"first_name":"a\\ud83d"}', '{"first_name":"\\ude00b"}', { first_name: 'x\ud83d' }]) {
      const refused = await call('PUT', '/api/answer', half);
      expect([refused.statusCode, refused.json().message]).toEqual([400, UNSTORABLE_TEXT_MESSAGES.halfCharacter]);
    }
    const halfTab = await call('PUT', '/api/tabs', { tab_id: 'upload', chosen_tab: 'x\udc00' });
    expect([halfTab.statusCode, halfTab.json().message]).toEqual([400, UNSTORABLE_TEXT_MESSAGES.halfCharacter]);
    // A whole emoji, escaped or not, is stored.
    expect((await call('PUT', '/api/answer', '{"first_name":"\\ud83d\\ude00 😀"}')).statusCode).toBe(200);
    expect((await call('GET', '/api/profile')).json().answer).toEqual({ first_name: '😀 😀' });
    // An escaped backslash before "u0000" is not a null character.
    expect((await call('PUT', '/api/answer', '{"first_name":"Kept","note":"\\\\u0000"}')).statusCode).toBe(200);
    expect((await call('GET', '/api/profile')).json().answer).toEqual({ first_name: 'Kept', note: '\\u0000' });
  });

  it('refuses a map over 1 MB in all (400) and a body over the request limit (413)', async () => {
    const big = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`essay_${i}`, 'x'.repeat(6999)]));
    const res = await call('PUT', '/api/answer', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ANSWER_MESSAGES.tooLarge);
    // The limit is in bytes of UTF-8: 420,000 characters are 840 kB as "é" (saved) and 1.26 MB as "€" (refused).
    const accented = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`essay_${i}`, 'é'.repeat(7000)]));
    expect((await call('PUT', '/api/answer', accented)).statusCode).toBe(200);
    const euros = await call(
      'PUT',
      '/api/answer',
      Object.fromEntries(Object.keys(accented).map((key) => [key, '€'.repeat(7000)])),
    );
    expect([euros.statusCode, euros.json().message]).toEqual([400, ANSWER_MESSAGES.tooLarge]);
    const huge = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`essay_${i}`, 'x'.repeat(6999)]));
    const tooLarge = await call('PUT', '/api/answer', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The request is too large.');
  });

  it('with If-Match, a save based on an old version gets 409 with the current answers and version', async () => {
    const who = await newApplicant(t, 'versions@example.com');
    const put = (answer: object, version?: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/answer',
        headers: {
          cookie: who,
          'content-type': 'application/json',
          ...(version === undefined ? {} : { 'if-match': `"${version}"` }),
        },
        payload: answer,
      });
    const first = await put({ first_name: 'Tab A' }, 0);
    expect(first.json()).toEqual({ message: ANSWER_MESSAGES.saved, version: 1 });
    const stale = await put({ first_name: 'Tab B' }, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: ANSWER_MESSAGES.staleVersion,
      code: 'VersionConflict',
      answer: { first_name: 'Tab A' },
      version: 1,
    });
    expect((await put({ first_name: 'Tab B', city: 'Troy' }, 1)).json().version).toBe(2);
    expect((await put({ first_name: 'No version' })).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', undefined, who)).json()).toMatchObject({
      answer: { first_name: 'No version' },
      version: 3,
    });
    expect((await put({}, 'x' as unknown as number)).statusCode).toBe(400);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('last page, add-another, tabs, validations', () => {
  it('stores the last page and refuses what is not a path', async () => {
    expect((await call('PUT', '/api/last-page', { last_page: '/education' })).statusCode).toBe(200);
    expect((await call('GET', '/api/profile')).json().last_page).toBe('/education');
    expect((await call('PUT', '/api/last-page', { last_page: 'https://evil.example' })).statusCode).toBe(400);
  });

  it('keeps add-another counts between 1 and 10', async () => {
    expect((await call('PUT', '/api/add-another', { button_id: 'activity', num_components: 3 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/add-another', { button_id: 'other', num_components: 1 })).statusCode).toBe(200);
    expect((await call('GET', '/api/add-another')).json()).toEqual({ activity: 3, other: 1 });
    for (const bad of [0, 11, 2.5, '3']) {
      expect((await call('PUT', '/api/add-another', { button_id: 'activity', num_components: bad })).statusCode).toBe(
        400,
      );
    }
    expect((await call('GET', '/api/add-another')).json()).toEqual({ activity: 3, other: 1 });
  });

  it('stores tab choices per tab group', async () => {
    await call('PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' });
    await call('PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'essay' });
    expect((await call('GET', '/api/tabs')).json()).toEqual({ personal_statement: 'essay' });
    expect((await call('PUT', '/api/tabs', { tab_id: 'x' })).statusCode).toBe(400);
  });

  it('keeps posted validations with a time', async () => {
    const errors = { first_name: ['First Name'], phone_home: ['Please enter a valid home phone number.'] };
    expect((await call('POST', '/api/validations', errors)).statusCode).toBe(200);
    const { rows } = await t.app.db.query<{ errors: unknown; at: Date }>('SELECT errors, at FROM validations');
    expect(rows.at(-1)!.errors).toEqual(errors);
    expect(rows.at(-1)!.at).toBeTruthy();
  });
});

describe('web status and submit', () => {
  it('accepts only the three statuses, and submitted only after a real submit', async () => {
    const other = await newApplicant(t, 'status@example.com');
    expect((await call('POST', '/api/web-status', { web_status: 'started' }, other)).statusCode).toBe(200);
    expect((await call('POST', '/api/web-status', { web_status: 'started' }, other)).statusCode).toBe(200);
    expect((await call('POST', '/api/web-status', { web_status: 'done' }, other)).statusCode).toBe(400);
    expect((await call('POST', '/api/web-status', { web_status: 'submitted' }, other)).statusCode).toBe(409);
    expect((await call('GET', '/api/profile', undefined, other)).json().web_status).toEqual([
      { web_status: 'started' },
    ]);
  });

  it('refuses a submit with the missing required keys, then submits and locks the answers', async () => {
    const who = await newApplicant(t, 'submitter@example.com');
    await call('PUT', '/api/answer', { ...COMPLETE, first_name: '', conviction: 'Y' }, who);
    // POST with no body at all (SPEC §7: "no body"), as the SPA sends it.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie: who, 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: ANSWER_MESSAGES.missing,
      missing: ['first_name', 'conviction_comment'],
    });

    await call('PUT', '/api/answer', COMPLETE, who);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie: who, 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your application was successfully submitted.' });
    const profile = (await call('GET', '/api/profile', undefined, who)).json();
    expect(profile.web_status.map((s: { web_status: string }) => s.web_status).sort()).toEqual([
      'started',
      'submitted',
      'validating',
    ]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie: who, 'content-type': 'application/json' },
    });
    // Safe to repeat: a second submit answers as the first did (submitOnce.ts holds the rest of that rule).
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(ok.json());
    const change = await call('PUT', '/api/answer', { ...COMPLETE, first_name: 'Changed' }, who);
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(ANSWER_MESSAGES.alreadySubmitted);
    expect((await call('GET', '/api/profile', undefined, who)).json().answer.first_name).toBe('Ada');
  });

  it.each([
    ['state for USA', { country: 'USA', state: '' }, 'state'],
    ['zip for USA', { country: 'USA', zip: '' }, 'zip'],
    [
      'a cell phone for SMS opt-in',
      { optin_sms_ind: true, phone_mobile: '', phone_home: '(212) 555-0100' },
      'phone_mobile',
    ],
    ['a home or cell phone', { phone_mobile: '', phone_home: '' }, 'phone_mobile'],
    ['the GPA scale with a GPA', { hs_gpa: '3.8' }, 'gpa_scale'],
    ['the suspension comment', { suspended: 'Y' }, 'suspended_comment'],
    ['a personal statement when test-optional', { test_optional_interest: 'Y' }, 'personal_statement_doc'],
    ['legal_agree to be true', { legal_agree: false }, 'legal_agree'],
  ])('requires %s', async (_, change, key) => {
    const who = await newApplicant(t, `req-${key}-${Object.keys(change).length}@example.com`);
    await call('PUT', '/api/answer', { ...COMPLETE, ...change }, who);
    const res = await call('POST', '/api/submit', undefined, who);
    expect(res.json().missing).toEqual([key]);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/profile'],
    ['PUT', '/api/answer'],
    ['PUT', '/api/last-page'],
    ['POST', '/api/web-status'],
    ['PUT', '/api/add-another'],
    ['GET', '/api/add-another'],
    ['PUT', '/api/tabs'],
    ['GET', '/api/tabs'],
    ['POST', '/api/validations'],
    ['POST', '/api/submit'],
    ['GET', '/api/logout'],
  ] as const)('%s %s is 401 with a message', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', cookie: 'sid=forged' },
      payload: method === 'GET' ? undefined : '{}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You are not logged in, or your session has ended.');
  });
});
