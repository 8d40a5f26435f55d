import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { dumpPglite } from '../../src/db/client';
import { CONVERSION_MESSAGES } from '../../src/documents/convert';
import { resolveUploadSecret, signPolicy } from '../../src/documents/policy';
import { DOCUMENT_MESSAGES } from '../../src/documents/service';
import { inspectDocx, ZipRefused } from '../../src/documents/zip';
import { FILE_MAX_BYTES } from '../../../src/kernel/constants';
import { FILE_MESSAGES } from '../../../src/kernel/documents/fileRules';
import { requiredAnswers } from '../../../src/kernel/form/definition/sampleAnswers';
import * as files from '../../../testing/files';
import { pdfToText } from '../../../testing/poppler';
import { encryptedDocx, libreOfficeOwn } from '../fixtures/wordDocuments';
import { asUser, makeApp, multipart, newApplicant, type TestApp } from '../helpers';

let t: TestApp;
let filesDir: string;
let a: string;
let b: string;
let aliceId: number;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  t = await makeApp({ filesDir, pdfCompress: false });
  a = await newApplicant(t, 'alice@example.com');
  b = await newApplicant(t, 'bob@example.com');
  aliceId = Number(
    (await t.app.db.query<{ id: string }>(`SELECT id FROM users WHERE username = 'alice@example.com'`)).rows[0].id,
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Presigned = { url: string; fields: Record<string, string> };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, ...asUser(who, payload, method) });

async function presign(who: string, answerKey: string): Promise<Presigned> {
  const res = await call('POST', '/api/presigned-url', who, { answer_key: answerKey });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function upload(who: string | null, presigned: Presigned, name: string, bytes: Buffer, fields = presigned.fields) {
  const body = multipart(fields, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: presigned.url,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who } : {}) },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the conversion status as the SPA does (but faster) until it settles. */
async function settled(who: string, key: string) {
  for (let i = 0; i < 400; i++) {
    const body = (await call('GET', `/api/pdf/document-answer/${key}`, who)).json();
    if (body.status !== 'unprocessed' && body.status !== 'in_progress')
      return body as { status: string; message: string };
    await sleep(25);
  }
  throw new Error(`conversion of ${key} did not finish`);
}

/** Presign, upload, start the conversion and wait for it. */
async function convert(who: string, key: string, name: string, bytes: Buffer) {
  const presigned = await presign(who, key);
  const up = await upload(who, presigned, name, bytes);
  expect(up.statusCode).toBe(204);
  const start = await call('POST', `/api/pdf/document-answer/${key}`, who, {
    file_key: presigned.fields.key,
    file_name: name,
  });
  expect(start.statusCode).toBe(202);
  expect(start.json()).toEqual({ status: 'unprocessed', message: DOCUMENT_MESSAGES.started });
  return { presigned, status: await settled(who, key) };
}

async function documentRow(userCookie: string, key: string) {
  const profile = (await call('GET', '/api/profile', userCookie)).json();
  const { rows } = await t.app.db.query<{ pdf_key: string; source_key: string; page_count: number }>(
    `SELECT d.pdf_key, d.source_key, d.page_count FROM document_answers d JOIN users u ON u.id = d.user_id
      WHERE u.username = $1 AND d.answer_key = $2`,
    [profile.username, key],
  );
  return rows[0];
}

const storedFile = (key: string) => path.join(filesDir, key);

describe('POST /api/presigned-url', () => {
  it('answers {url, fields}: this server, a fresh key of this applicant and question, a signed 10-minute policy', async () => {
    const before = Date.now();
    const { url, fields } = await presign(a, 'personal_statement_doc');
    expect(url).toBe('/api/upload');
    expect(Object.keys(fields)).toEqual(['key', 'policy', 'signature']);
    expect(fields.key).toMatch(new RegExp(`^uploads/${aliceId}/personal_statement_doc/[A-Za-z0-9_-]{32}$`));
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64url').toString());
    expect(policy).toMatchObject({
      key: fields.key,
      user: aliceId,
      answer_key: 'personal_statement_doc',
      max: FILE_MAX_BYTES,
    });
    expect(policy.expires - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(policy.expires - before).toBeLessThanOrEqual(10 * 60_000 + 5000);
    expect((await presign(a, 'personal_statement_doc')).fields.key).not.toBe(fields.key);
  });

  it('refuses a visitor (401) and a key that is not a question key (400)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/presigned-url',
      headers: { 'content-type': 'application/json' },
      payload: { answer_key: 'personal_statement_doc' },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const answer_key of ['../etc', 'a/b', '', 'x'.repeat(101)]) {
      expect((await call('POST', '/api/presigned-url', a, { answer_key })).statusCode).toBe(400);
    }
  });
});

describe('with S3 configured', () => {
  it('hands out a real pre-signed POST: exact key, 1 byte to 1 MB, 10 minutes; no local upload route', async () => {
    const s3 = await makeApp({
      s3: {
        bucket: 'admissions-docs',
        region: 'eu-west-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-example',
        forcePathStyle: false,
      },
    });
    try {
      const cookie = await newApplicant(s3, 'sam@example.com');
      const before = Date.now();
      const res = await s3.app.inject({
        method: 'POST',
        url: '/api/presigned-url',
        ...asUser(cookie, { answer_key: 'personal_statement_doc' }),
      });
      expect(res.statusCode).toBe(200);
      const { url, fields } = res.json();
      expect(url).toBe('https://admissions-docs.s3.eu-west-1.amazonaws.com/');
      expect(fields.key).toMatch(/^uploads\/\d+\/personal_statement_doc\/[A-Za-z0-9_-]{32}$/);
      expect(fields).toMatchObject({ bucket: 'admissions-docs', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
      const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString());
      expect(policy.conditions).toEqual(
        expect.arrayContaining([['content-length-range', 1, FILE_MAX_BYTES], { key: fields.key }]),
      );
      const expires = new Date(policy.expiration).getTime() - before;
      expect(expires).toBeGreaterThan(9 * 60_000);
      expect(expires).toBeLessThanOrEqual(10 * 60_000 + 5000);
      // The browser may post to the bucket (CSP), and this server takes no uploads itself.
      const page = await s3.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
      expect(page.headers['content-security-policy']).toContain('https://admissions-docs.s3.eu-west-1.amazonaws.com');
      const body = multipart(fields, { name: 'a.png', bytes: files.png(1, 1) });
      const local = await s3.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(local.statusCode).toBe(404);
    } finally {
      await s3.close();
    }
  });
});

describe('the upload endpoint refuses', () => {
  let png: Buffer;
  beforeAll(() => {
    png = files.png(2, 2);
  });

  it('a bad signature', async () => {
    const p = await presign(a, 'doc_a');
    const signature = p.fields.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const res = await upload(a, p, 'photo.png', png, { ...p.fields, signature });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UploadRefused', message: DOCUMENT_MESSAGES.uploadRefused });
  });

  it('a policy changed after signing (another size limit)', async () => {
    const p = await presign(a, 'doc_a');
    const policy = JSON.parse(Buffer.from(p.fields.policy, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...policy, max: 50_000_000 })).toString('base64url');
    const res = await upload(a, p, 'photo.png', png, { ...p.fields, policy: forged });
    expect(res.statusCode).toBe(403);
  });

  it('an expired policy', async () => {
    const p = await presign(a, 'doc_a');
    const secret = await resolveUploadSecret(t.app.db, t.config);
    const fields = signPolicy(secret, {
      key: p.fields.key,
      user: aliceId,
      answer_key: 'doc_a',
      expires: Date.now() - 1000,
      max: FILE_MAX_BYTES,
    });
    const res = await upload(a, p, 'photo.png', png, fields);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UploadExpired', message: DOCUMENT_MESSAGES.uploadExpired });
  });

  it("another applicant's key, even with a valid policy", async () => {
    const p = await presign(a, 'doc_a');
    const asBob = await upload(b, p, 'photo.png', png);
    expect(asBob.statusCode).toBe(403);
    expect(asBob.json().code).toBe('NotYourUpload');
    // A policy naming Bob but Alice's key (only the server could sign one): still refused.
    const bobId = Number(
      (await t.app.db.query<{ id: string }>(`SELECT id FROM users WHERE username = 'bob@example.com'`)).rows[0].id,
    );
    const secret = await resolveUploadSecret(t.app.db, t.config);
    const mixed = signPolicy(secret, {
      key: p.fields.key,
      user: bobId,
      answer_key: 'doc_a',
      expires: Date.now() + 60_000,
      max: FILE_MAX_BYTES,
    });
    expect((await upload(b, p, 'photo.png', png, mixed)).statusCode).toBe(403);
    expect(fs.existsSync(storedFile(p.fields.key))).toBe(false);
  });

  it('a visitor without a session (401)', async () => {
    const p = await presign(a, 'doc_a');
    expect((await upload(null, p, 'photo.png', png)).statusCode).toBe(401);
  });

  it('a file of 1 MB + 1 byte (413); exactly 1 MB is accepted', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(FILE_MAX_BYTES + 1 - 10, 0x41)]);
    expect(big.length).toBe(FILE_MAX_BYTES + 1);
    const p = await presign(a, 'doc_a');
    const res = await upload(a, p, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FILE_MESSAGES.tooLarge);
    expect(fs.existsSync(storedFile(p.fields.key))).toBe(false);
    const ok = await presign(a, 'doc_a');
    expect((await upload(a, ok, 'big.pdf', big.subarray(0, FILE_MAX_BYTES))).statusCode).toBe(204);
    expect(fs.statSync(storedFile(ok.fields.key)).size).toBe(FILE_MAX_BYTES);
  });

  it('a name of 33 characters (32 is fine)', async () => {
    const p = await presign(a, 'doc_a');
    const res = await upload(a, p, `${'n'.repeat(29)}.png`, png);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_MESSAGES.nameTooLong);
    expect((await upload(a, p, `${'n'.repeat(28)}.png`, png)).statusCode).toBe(204);
  });

  it('an empty file', async () => {
    const p = await presign(a, 'doc_a');
    const res = await upload(a, p, 'empty.pdf', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_MESSAGES.empty);
  });

  it.each([
    ['an executable renamed .pdf', 'resume.pdf', () => files.executable()],
    ['a plain zip renamed .docx', 'essay.docx', () => files.zip([{ name: 'notes.txt', data: 'hello' }])],
    ['a PNG named .pdf', 'scan.pdf', () => files.png(1, 1)],
    ['a PDF named .docx', 'essay.docx', () => Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['text named .png', 'photo.png', () => Buffer.from('just text')],
    ['a .exe', 'setup.exe', () => files.executable()],
    ['a .gif', 'anim.gif', () => Buffer.from('GIF89a')],
  ])('wrong content by magic bytes or extension: %s', async (_, name, make) => {
    const p = await presign(a, 'doc_a');
    const res = await upload(a, p, name, make());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_MESSAGES.wrongType);
    expect(fs.existsSync(storedFile(p.fields.key))).toBe(false);
  });

  it.each([
    ['a password-protected .docx', () => encryptedDocx(), CONVERSION_MESSAGES.encryptedDocx],
    ['a .doc renamed .docx', () => libreOfficeOwn(files.essayDocx(), 'doc'), CONVERSION_MESSAGES.oldWordDocument],
  ])('a Word file LibreOffice is never given: %s, refused with its own reason', async (_, make, message) => {
    const p = await presign(a, 'doc_a');
    const res = await upload(a, p, 'essay.docx', make());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(fs.existsSync(storedFile(p.fields.key))).toBe(false);
  });

  it('a second file on the same policy (409), fields after the file (400), multipart elsewhere (403)', async () => {
    const p = await presign(a, 'doc_a');
    expect((await upload(a, p, 'photo.png', png)).statusCode).toBe(204);
    expect((await upload(a, p, 'photo.png', png)).statusCode).toBe(409);

    const late = await presign(a, 'doc_a');
    const body = multipart(late.fields, { name: 'photo.png', bytes: png }, true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: a },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.uploadIncomplete);

    const elsewhere = multipart({ answer_key: 'doc_a' });
    const csrf = await t.app.inject({
      method: 'POST',
      url: '/api/presigned-url',
      payload: elsewhere.payload,
      headers: { ...elsewhere.headers, cookie: a },
    });
    expect(csrf.statusCode).toBe(403);
  });

  it('a cross-site upload (CSRF)', async () => {
    const p = await presign(a, 'doc_a');
    const body = multipart(p.fields, { name: 'photo.png', bytes: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: a, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('conversion', () => {
  async function convertedPdf(who: string, key: string) {
    const row = await documentRow(who, key);
    const bytes = fs.readFileSync(storedFile(row.pdf_key));
    return { row, bytes, pdf: await PDFDocument.load(bytes) };
  }

  it('PNG → a one-page PDF; the answer becomes ANSWERED and the document answer lists it', async () => {
    const image = files.png(40, 30);
    const { status } = await convert(a, 'photo_doc', 'photo.png', image);
    expect(status).toEqual({ status: 'completed', message: DOCUMENT_MESSAGES.status.completed });
    const { pdf, row } = await convertedPdf(a, 'photo_doc');
    expect(pdf.getPageCount()).toBe(1);
    expect(row.page_count).toBe(1);
    // Landscape image → landscape A4.
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    const profile = (await call('GET', '/api/profile', a)).json();
    expect(profile.answer.photo_doc).toBe('ANSWERED');
    expect(profile.document_answer.photo_doc).toEqual({ file_name: 'photo.png', file_size: image.length });
    expect((await call('GET', '/api/document-answer', a)).json().photo_doc).toEqual({
      file_name: 'photo.png',
      file_size: image.length,
    });
  });

  it('JPEG → a one-page PDF', async () => {
    const { status } = await convert(a, 'jpeg_doc', 'scan.jpeg', files.jpeg(16, 24));
    expect(status.status).toBe('completed');
    const { pdf } = await convertedPdf(a, 'jpeg_doc');
    expect(pdf.getPageCount()).toBe(1);
    expect((await call('GET', '/api/profile', a)).json().answer.jpeg_doc).toBe('ANSWERED');
  });

  it('PDF → kept as it is, every page', async () => {
    const original = await files.pdf(3);
    const { status } = await convert(a, 'pdf_doc', 'transcript.pdf', original);
    expect(status.status).toBe('completed');
    const { pdf, bytes } = await convertedPdf(a, 'pdf_doc');
    expect(pdf.getPageCount()).toBe(3);
    expect(bytes.equals(original)).toBe(true);
  });

  it('DOCX → LibreOffice’s PDF: its heading, formatted text and list items; long text flows across pages', async () => {
    const { status } = await convert(a, 'essay_doc', 'essay.docx', files.essayDocx());
    expect(status.status).toBe('completed');
    const { bytes } = await convertedPdf(a, 'essay_doc');
    const text = pdfToText(bytes);
    expect(text).toContain('Personal Statement');
    expect(text).toContain('I have always loved mathematics and poetry.');
    expect(text).toMatch(/•\s*First reason: curiosity/);
    expect((await call('GET', '/api/profile', a)).json().answer.essay_doc).toBe('ANSWERED');

    const paragraphs = Array.from({ length: 120 }, (_, i) => ({
      runs: [{ text: `Paragraph ${i + 1}. ${'Long answer text. '.repeat(12)}` }],
    }));
    await convert(a, 'long_doc', 'long.docx', files.docx(paragraphs));
    const long = await convertedPdf(a, 'long_doc');
    expect(long.pdf.getPageCount()).toBeGreaterThan(3);
    expect(long.row.page_count).toBe(long.pdf.getPageCount());
    expect(pdfToText(long.bytes)).toContain('Paragraph 120.');
  });

  it('DOCX → Polish, Greek, Cyrillic and Vietnamese text kept as it is', async () => {
    const { status } = await convert(
      a,
      'intl_doc',
      'intl.docx',
      files.docx([
        { style: 'Heading1', runs: [{ text: 'Życiorys — Βιογραφικό' }] },
        { runs: [{ text: 'Łukasz Wąsowski, ' }, { text: 'Ελένη', bold: true }, { text: ', Дмитрий', italic: true }] },
        { list: true, runs: [{ text: 'Nguyễn Văn Minh' }] },
      ]),
    );
    expect(status.status).toBe('completed');
    const text = pdfToText((await convertedPdf(a, 'intl_doc')).bytes);
    expect(text).toContain('Życiorys — Βιογραφικό');
    expect(text).toContain('Łukasz Wąsowski, Ελένη, Дмитрий');
    expect(text).toContain('Nguyễn Văn Minh');
  });

  it.each([
    ['an encrypted PDF', 'locked.pdf', () => files.encryptedPdf(), CONVERSION_MESSAGES.encryptedPdf],
    ['a corrupt DOCX', 'broken.docx', async () => files.corruptDocx(), CONVERSION_MESSAGES.corruptDocx],
    ['a DOCX whose directory claims 3 GB', 'bomb.docx', async () => files.bombDocx(), CONVERSION_MESSAGES.docxTooLarge],
    ['a DOCX packed 1000 to 1', 'bomb2.docx', async () => files.ratioBombDocx(), CONVERSION_MESSAGES.docxTooLarge],
    [
      'a DOCX that inflates past what it claims',
      'bomb3.docx',
      async () => files.lyingDocx(),
      CONVERSION_MESSAGES.docxTooLarge,
    ],
    [
      'a PDF with no readable pages',
      'empty.pdf',
      async () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
      CONVERSION_MESSAGES.corruptPdf,
    ],
  ])('%s → failed with a reason, nothing answered', async (_, name, make, message) => {
    const key = `bad_${name.replace(/\W/g, '_')}`;
    const { status } = await convert(a, key, name, await make());
    expect(status).toEqual({ status: 'failed', message });
    const profile = (await call('GET', '/api/profile', a)).json();
    expect(profile.answer[key]).toBeUndefined();
    expect(profile.document_answer[key]).toBeUndefined();
  });

  it('status is not_answered for a key with nothing uploaded', async () => {
    expect((await call('GET', '/api/pdf/document-answer/nothing_here', a)).json()).toEqual({
      status: 'not_answered',
      message: DOCUMENT_MESSAGES.status.not_answered,
    });
  });

  it('refuses to convert a key issued for another question, one not uploaded yet, or a bad file name', async () => {
    const p = await presign(a, 'doc_x');
    expect((await upload(a, p, 'photo.png', files.png(1, 1))).statusCode).toBe(204);
    const other = await call('POST', '/api/pdf/document-answer/doc_y', a, {
      file_key: p.fields.key,
      file_name: 'photo.png',
    });
    expect(other.statusCode).toBe(403);
    const fresh = await presign(a, 'doc_x');
    const early = await call('POST', '/api/pdf/document-answer/doc_x', a, {
      file_key: fresh.fields.key,
      file_name: 'photo.png',
    });
    expect(early.statusCode).toBe(409);
    const longName = await call('POST', '/api/pdf/document-answer/doc_x', a, {
      file_key: p.fields.key,
      file_name: `${'n'.repeat(29)}.png`,
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toBe(FILE_MESSAGES.nameTooLong);
  });

  it('a new upload replaces the previous one, whose files are deleted', async () => {
    await convert(a, 'replace_doc', 'first.png', files.png(3, 3));
    const first = await documentRow(a, 'replace_doc');
    await convert(a, 'replace_doc', 'second.pdf', await files.pdf(2));
    const second = await documentRow(a, 'replace_doc');
    expect(second.page_count).toBe(2);
    expect(fs.existsSync(storedFile(first.pdf_key))).toBe(false);
    expect(fs.existsSync(storedFile(first.source_key))).toBe(false);
    expect(fs.existsSync(storedFile(second.pdf_key))).toBe(true);
    expect((await call('GET', '/api/document-answer', a)).json().replace_doc.file_name).toBe('second.pdf');
  });
});

describe('deletes', () => {
  it.each([['/api/pdf/document-answer'], ['/api/document-answer']])(
    'DELETE %s/{key} removes the document, its files and the ANSWERED mark; again is harmless',
    async (base) => {
      const key = base.includes('pdf') ? 'del_conversion' : 'del_document';
      await convert(a, key, 'photo.png', files.png(2, 2));
      const row = await documentRow(a, key);
      const res = await call('DELETE', `${base}/${key}`, a);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.removed });
      expect((await call('GET', `/api/pdf/document-answer/${key}`, a)).json().status).toBe('not_answered');
      const profile = (await call('GET', '/api/profile', a)).json();
      expect(profile.answer[key]).toBeUndefined();
      expect(profile.document_answer[key]).toBeUndefined();
      expect(fs.existsSync(storedFile(row.pdf_key))).toBe(false);
      expect(fs.existsSync(storedFile(row.source_key))).toBe(false);
      expect((await call('DELETE', `${base}/${key}`, a)).statusCode).toBe(200);
    },
  );

  it('leaves an answer that is not an ANSWERED mark alone', async () => {
    await call('PUT', '/api/answer', b, { own_doc: 'typed by hand' });
    await call('DELETE', '/api/document-answer/own_doc', b);
    expect((await call('GET', '/api/profile', b)).json().answer.own_doc).toBe('typed by hand');
  });
});

describe("a document question's ANSWERED comes from the documents' state, not from saves", () => {
  const key = 'personal_statement_doc';
  let c: string;
  beforeAll(async () => {
    c = await newApplicant(t, 'derived-mark@example.com');
  });
  const profile = async () => (await call('GET', '/api/profile', c)).json();

  it('a conversion marks the answer without moving the answers version (the next If-Match save lands)', async () => {
    const before = await profile();
    await convert(c, key, 'statement.png', files.png(4, 4));
    const after = await profile();
    expect(after.answer[key]).toBe('ANSWERED');
    expect(after.version).toBe(before.version);
    const put = asUser(c, { first_name: 'Carol' }, 'PUT');
    const headers = { ...put.headers, 'if-match': `"${after.version}"` };
    const save = await t.app.inject({ method: 'PUT', url: '/api/answer', ...put, headers });
    expect(save.statusCode).toBe(200);
  });

  it('a save without the key keeps the mark, and a save saying ANSWERED after a delete does not bring it back', async () => {
    await call('PUT', '/api/answer', c, { first_name: 'Carol' });
    expect((await profile()).answer[key]).toBe('ANSWERED');

    await call('DELETE', `/api/document-answer/${key}`, c);
    // A tab that had not seen the delete saves its old copy of the mark.
    await call('PUT', '/api/answer', c, { first_name: 'Carol', [key]: 'ANSWERED' });
    const now = await profile();
    expect(now.answer[key]).toBeUndefined();
    expect(now.answer.first_name).toBe('Carol');
  });
});

describe('authorization: B cannot start, read, delete or download what A uploaded', () => {
  it('holds for every document route', async () => {
    const { presigned } = await convert(a, 'private_doc', 'secret.png', files.png(2, 2));
    // Start: A's file key under B's session.
    const start = await call('POST', '/api/pdf/document-answer/private_doc', b, {
      file_key: presigned.fields.key,
      file_name: 'secret.png',
    });
    expect(start.statusCode).toBe(403);
    // Read: B sees only B's own (nothing).
    expect((await call('GET', '/api/pdf/document-answer/private_doc', b)).json().status).toBe('not_answered');
    expect((await call('GET', '/api/document-answer', b)).json().private_doc).toBeUndefined();
    expect((await call('GET', '/api/profile', b)).json().document_answer.private_doc).toBeUndefined();
    // Delete: B's deletes touch B only.
    expect((await call('DELETE', '/api/pdf/document-answer/private_doc', b)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/document-answer/private_doc', b)).statusCode).toBe(200);
    expect((await call('GET', '/api/pdf/document-answer/private_doc', a)).json().status).toBe('completed');
    expect((await call('GET', '/api/profile', a)).json().answer.private_doc).toBe('ANSWERED');
    // There is no route that serves an uploaded file back.
    for (const url of [
      `/api/upload?key=${presigned.fields.key}`,
      `/${presigned.fields.key}`,
      `/api/${presigned.fields.key}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: a } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('image/png');
    }
  });

  it('every route needs a session', async () => {
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['POST', '/api/presigned-url', { answer_key: 'x' }],
      ['GET', '/api/document-answer'],
      ['DELETE', '/api/document-answer/x'],
      ['POST', '/api/pdf/document-answer/x', { file_key: 'k', file_name: 'a.pdf' }],
      ['GET', '/api/pdf/document-answer/x'],
      ['DELETE', '/api/pdf/document-answer/x'],
      ['GET', '/api/pdf'],
      ['GET', '/api/pdf/file?v=0123456789abcdef0123'],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({
        method,
        url,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("the print view shows the applicant's document answers", async () => {
    const { token } = await t.app.services.tokens.createServiceToken('alice@example.com');
    const bundle = (await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` })).json();
    expect(bundle.document_answer.private_doc).toEqual({ file_name: 'secret.png', file_size: expect.any(Number) });
  });
});

describe('after submission', () => {
  it('documents can no longer be changed', async () => {
    const c = await newApplicant(t, 'carol@example.com');
    await call('PUT', '/api/answer', c, { ...requiredAnswers(), first_name: 'Carol', last_name: 'Q' });
    await convert(c, 'kept_doc', 'a.png', files.png(1, 1));
    const p = await presign(c, 'late_doc');
    expect((await call('POST', '/api/submit', c)).statusCode).toBe(200);
    expect((await call('POST', '/api/presigned-url', c, { answer_key: 'late_doc' })).statusCode).toBe(409);
    expect((await upload(c, p, 'a.png', files.png(1, 1))).statusCode).toBe(409);
    expect((await call('DELETE', '/api/document-answer/kept_doc', c)).statusCode).toBe(409);
    expect((await call('GET', '/api/document-answer', c)).json().kept_doc).toBeDefined();
  });
});

describe('DOCX checks before LibreOffice opens it', () => {
  const refusal = (bytes: Buffer) => {
    try {
      inspectDocx(bytes);
    } catch (error) {
      return error instanceof ZipRefused ? `${error.reason}: ${error.message}` : String(error);
    }
    return 'accepted';
  };

  it('reads the central directory sizes, the ratio, and the real inflated sizes', () => {
    expect(refusal(files.essayDocx())).toBe('accepted');
    expect(refusal(files.bombDocx())).toMatch(/^too_large: unpacks to over/);
    expect(refusal(files.ratioBombDocx())).toMatch(/^too_large: compression ratio/);
    expect(refusal(files.lyingDocx())).toMatch(/^too_large: .* unpacks to more than it claims/);
    expect(refusal(files.zip([{ name: 'a.txt', data: 'x' }]))).toMatch(/^not_docx/);
    expect(refusal(files.essayDocx().subarray(0, 300))).toMatch(/^corrupt/);
  });
});

describe('jobs survive a restart', () => {
  async function queueInterruptedJob(app: TestApp['app'], cookie: string, key: string) {
    const p = (
      await app.inject({ method: 'POST', url: '/api/presigned-url', ...asUser(cookie, { answer_key: key }) })
    ).json();
    const body = multipart(p.fields, { name: 'essay.docx', bytes: files.essayDocx() });
    const up = await app.inject({
      method: 'POST',
      url: p.url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(up.statusCode).toBe(204);
    // As a crash would leave it: claimed (in_progress) and never finished. Inserted directly, so no worker is woken.
    await app.db.query(
      `INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name, status, started_at, attempts)
       SELECT id, $2::text, $3::text, 'essay.docx', 'in_progress', now(), 1 FROM users WHERE username = $1`,
      ['alice@example.com', key, p.fields.key],
    );
  }

  it('the recovery puts in_progress jobs back in the queue, and the worker completes them', async () => {
    await queueInterruptedJob(t.app, a, 'crashed_doc');
    await t.app.services.conversionWorker.runOnce();
    expect((await call('GET', '/api/pdf/document-answer/crashed_doc', a)).json().status).toBe('in_progress');
    expect(await t.app.services.documents.recoverInterrupted(0)).toBe(1);
    await t.app.services.conversionWorker.runOnce();
    expect((await call('GET', '/api/pdf/document-answer/crashed_doc', a)).json().status).toBe('completed');
    expect((await call('GET', '/api/profile', a)).json().answer.crashed_doc).toBe('ANSWERED');
  });

  it('a new server on the same database finishes what the old one left in_progress', async () => {
    await queueInterruptedJob(t.app, a, 'restart_doc');
    let config = t.config;
    if (process.env.DATABASE_URL) {
      // PostgreSQL: the same schema; the job was claimed long enough ago to count as abandoned (several
      // servers may share the database, so only stale jobs are taken back).
      await t.app.db.query(
        "UPDATE conversion_jobs SET started_at = now() - interval '1 hour' WHERE answer_key = 'restart_doc'",
      );
    } else {
      // PGlite: the "crashed" server's database as it was, opened by a new server with the same files folder.
      config = loadConfig({}, { ...t.config, memoryDb: { loadDataDir: await dumpPglite(t.app.db) } });
    }
    const next = await buildApp(config);
    try {
      await next.ready();
      let status = '';
      for (let i = 0; i < 400 && status !== 'completed'; i++) {
        status = (
          await next.inject({ method: 'GET', url: '/api/pdf/document-answer/restart_doc', headers: { cookie: a } })
        ).json().status;
        if (status !== 'completed') await sleep(25);
      }
      expect(status).toBe('completed');
    } finally {
      await next.close();
    }
  });
});
