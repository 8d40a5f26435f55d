import { makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff, type EnrolledStaff } from './helpers';
import { createStorage } from '../../src/documents/storage';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { essayDocx, pdf } from '../../../testing/files';

/**
 * What the audit log keeps of the console's applicant reads: a search with its words apart from a listing with its
 * filters, and the application id (APP-000123) as the target of every read of one applicant, the original of a
 * converted document included.
 */
let t: TestApp;
let reader: EnrolledStaff;
let id: string;
let docx: Buffer;

const get = (url: string, who = reader) => t.app.inject({ method: 'GET', url, ...asStaff(who.cookie) });
const lastRow = async () => (await auditRows(t)).at(-1);

beforeAll(async () => {
  t = await makeApp();
  reader = await newStaff(t, 'reader@college.edu', 'reader');
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at) VALUES ('jose@example.com', 'x', now()) RETURNING id::text AS id`,
  );
  id = rows[0].id;
  await t.app.db.query(
    `INSERT INTO applications (user_id, answer) VALUES ($1, '{"first_name":"José","last_name":"Núñez"}'::jsonb)`,
    [id],
  );
  // A Word file and its conversion, stored as the documents area stores them (its worker is not needed here).
  const storage = createStorage(t.config, 'test-upload-secret');
  docx = essayDocx();
  await storage.put(`uploads/${id}/personal_statement_doc/original`, docx, 'application/octet-stream');
  await storage.put(`converted/${id}/personal_statement_doc/pdf.pdf`, await pdf(1), 'application/pdf');
  await t.app.db.query(
    `INSERT INTO document_answers (user_id, answer_key, file_name, file_size, source_key, pdf_key, page_count)
     VALUES ($1, 'personal_statement_doc', $2, $3, $4, $5, 1)`,
    [
      id,
      'Ensayo "final" de José.docx',
      docx.length,
      `uploads/${id}/personal_statement_doc/original`,
      `converted/${id}/personal_statement_doc/pdf.pdf`,
    ],
  );
});
afterAll(() => t.close());

describe('the list', () => {
  test('words typed: a search, with its words and filters', async () => {
    expect((await get('/staff/api/applicants?q=nunez&status=started')).statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({
      actor: 'reader@college.edu',
      action: 'search',
      detail: 'q=nunez status=started',
    });
  });

  test('filters only, or a page turn: a listing with its filters, not a search', async () => {
    expect((await get('/staff/api/applicants?status=started&term=Fall%202027')).statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ action: 'applicants-listed', detail: 'status=started term=Fall 2027' });
    expect((await get('/staff/api/applicants')).statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ action: 'applicants-listed', detail: '' });
    // Spaces and punctuation are no words.
    expect((await get('/staff/api/applicants?q=%20-%20&sort=saved')).statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ action: 'applicants-listed' });
    const searches = (await auditRows(t)).filter((row) => row.action === 'search');
    expect(searches).toHaveLength(1);
  });
});

describe('one applicant', () => {
  test('opened, its document opened, its original and its PDF copy downloaded: each names the application id', async () => {
    const applicationId = applicationIdOf(id);
    expect((await get(`/staff/api/applicants/${id}`)).statusCode).toBe(200);
    expect(await lastRow()).toMatchObject({ action: 'applicant-opened', target: applicationId });

    const opened = await get(`/staff/api/applicants/${id}/documents/personal_statement_doc`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(await lastRow()).toMatchObject({
      action: 'document-opened',
      target: applicationId,
      detail: 'personal_statement_doc',
    });

    const original = await get(`/staff/api/applicants/${id}/documents/personal_statement_doc/original`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(docx)).toBe(true);
    expect(original.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(original.headers['content-disposition']).toBe(
      `attachment; filename="Ensayo _final_ de Jose.docx"; filename*=UTF-8''${encodeURIComponent('Ensayo "final" de José.docx')}`,
    );
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(original.headers['cache-control']).toBe('no-store');
    expect(await lastRow()).toMatchObject({
      actor: 'reader@college.edu',
      action: 'document-original-downloaded',
      target: applicationId,
      detail: 'personal_statement_doc',
    });

    const none = await get(`/staff/api/applicants/${id}/documents/resume_doc/original`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This document is not part of the application.');

    const copy = await get(`/staff/api/applicants/${id}/pdf`);
    expect(copy.statusCode).toBe(200);
    expect((await auditRows(t)).filter((row) => row.action === 'pdf-downloaded').map((row) => row.target)).toEqual([
      applicationId,
    ]);
  });

  test('not signed in: no original', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/staff/api/applicants/${id}/documents/personal_statement_doc/original`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
