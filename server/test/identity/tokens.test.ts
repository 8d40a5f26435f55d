import { LINK_INVALID } from '../../src/tokens/service';
import { hashToken } from '../../src/identity/tokens';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';
import { applicationIdOf } from '../../../src/kernel/applicationId';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('public links', () => {
  it('returns the saved answers; an unknown, expired or revoked token gets 404 with a message', async () => {
    const answer = { first_name: 'Visitor', country: 'USA', country_desc: 'United States' };
    const token = (await t.app.services.tokens.createPublicLink(answer)).token;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const res = await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(answer);

    const unknown = await t.app.inject({ method: 'GET', url: '/public/tmp?token=not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LINK_INVALID);

    await t.app.db.query("UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      hashToken(token),
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).statusCode).toBe(404);

    const revoked = (await t.app.services.tokens.createPublicLink(answer)).token;
    expect(await t.app.services.tokens.revoke(revoked)).toMatchObject({ kind: 'public' });
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${revoked}` })).statusCode).toBe(404);
  });

  it('stores only a hash of the token', async () => {
    const token = (await t.app.services.tokens.createPublicLink({ a: 'b' })).token;
    const { rows } = await t.app.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a missing token parameter is a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/public/tmp' })).statusCode).toBe(400);
  });
});

describe('service tokens', () => {
  it("open one applicant's answer, add-another counts, documents and tabs, read-only and uncached", async () => {
    const cookie = await newApplicant(t, 'printview@example.com');
    await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, { first_name: 'Shown' }, 'PUT') });
    await t.app.inject({
      method: 'PUT',
      url: '/api/tabs',
      ...asUser(cookie, { tab_id: 'ps', chosen_tab: 'essay' }, 'PUT'),
    });
    const minted = await t.app.services.tokens.createServiceToken('printview@example.com');
    const token = minted.token;
    const res = await t.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${token}`,
      headers: { 'user-agent': 'SIS-import/2.1' },
    });
    expect(res.statusCode).toBe(200);
    // Every use is audited, under the token's id (never the token itself).
    const { rows } = await t.app.db.query('SELECT actor, action, target, detail, user_agent FROM audit_log');
    expect(rows).toEqual([
      {
        actor: `service-token:${minted.id}`,
        action: 'service-token-used',
        target: applicationIdOf(minted.applicantId),
        detail: 'answers',
        user_agent: 'SIS-import/2.1',
      },
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      answer: { first_name: 'Shown' },
      add_another: {},
      document_answer: {},
      tabs: { ps: 'essay' },
      applicant: {
        username: 'printview@example.com',
        id: expect.stringMatching(/^\d+$/),
        submitted_at: null,
        updated_at: expect.any(String),
      },
    });

    // A public link's token is not a service token, and the reverse.
    const publicToken = (await t.app.services.tokens.createPublicLink({ x: 'y' })).token;
    expect(
      (await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${publicToken}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).statusCode).toBe(404);

    expect(await t.app.services.tokens.revokeAllFor('printview@example.com')).toHaveLength(1);
    const revoked = await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(LINK_INVALID);
  });
});

describe('a converted document, opened from the print view', () => {
  /** A document as the conversion leaves it: its PDF in storage and its row. */
  async function storedDocument(username: string, answerKey: string, text: string) {
    const pdfKey = `converted/${username.split('@')[0]}/${answerKey}/k3y.pdf`;
    await t.app.services.documents.storage.put(pdfKey, Buffer.from(`%PDF-1.4 ${text}`), 'application/pdf');
    await t.app.db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, file_size, source_key, pdf_key, page_count)
       SELECT id, $2, 'essay.docx', 100, 'uploads/x', $3, 1 FROM users WHERE username = $1`,
      [username, answerKey, pdfKey],
    );
  }
  const open = (token: string, key: string) =>
    t.app.inject({ method: 'GET', url: `/service/document?service_token=${token}&key=${key}` });

  it("inline, no-store, for that applicant's documents only; a revoked token opens nothing", async () => {
    await newApplicant(t, 'docowner@example.com');
    await newApplicant(t, 'other@example.com');
    await storedDocument('docowner@example.com', 'personal_statement_doc', 'OWNER');
    await storedDocument('other@example.com', 'resume_doc', 'OTHER');
    const token = (await t.app.services.tokens.createServiceToken('docowner@example.com')).token;

    const res = await open(token, 'personal_statement_doc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="essay.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('OWNER');

    // Another applicant's document is not reachable with this token.
    const other = await open(token, 'resume_doc');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('OTHER');
    expect((await open(token, '../etc')).statusCode).toBe(400);

    await t.app.services.tokens.revokeAllFor('docowner@example.com');
    const revoked = await open(token, 'personal_statement_doc');
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(LINK_INVALID);
  });
});
