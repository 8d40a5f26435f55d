import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { buildApplicationPdf } from '../../src/pdf/build';
import { printable, renderPdf } from '../../src/pdf/pdfkit';
import { PDF_MESSAGES } from '../../src/pdf/service';
import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import * as files from '../../../testing/files';
import { pageTexts, pdfInfo, pdfToText, structureText } from '../../../testing/poppler';
import { asUser, makeApp, multipart, newApplicant, type TestApp } from '../helpers';

let t: TestApp;
let filesDir: string;
let a: string;
let b: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, ...asUser(who, payload, method) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole upload flow of SPEC §4 for one document, until its conversion completed. */
async function attach(who: string, key: string, name: string, bytes: Buffer) {
  const { url, fields } = (await call('POST', '/api/presigned-url', who, { answer_key: key })).json();
  const body = multipart(fields, { name, bytes });
  expect(
    (await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: who } }))
      .statusCode,
  ).toBe(204);
  expect(
    (await call('POST', `/api/pdf/document-answer/${key}`, who, { file_key: fields.key, file_name: name })).statusCode,
  ).toBe(202);
  for (let i = 0; i < 400; i++) {
    const { status } = (await call('GET', `/api/pdf/document-answer/${key}`, who)).json();
    if (status === 'completed') return;
    if (status === 'failed') throw new Error(`${key} failed`);
    await sleep(25);
  }
  throw new Error(`${key} did not convert`);
}

/** GET /api/pdf until it settles (the SPA polls every second), then the download. */
async function applicationPdf(who: string) {
  let body: { status: string; url?: string; message?: string } = { status: 'unprocessed' };
  for (let i = 0; i < 100 && (body.status === 'unprocessed' || body.status === 'in_progress'); i++) {
    const res = await call('GET', '/api/pdf', who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    body = res.json();
    if (body.status === 'in_progress') await sleep(50);
  }
  expect(body.status).toBe('completed');
  expect(body.url).toMatch(/^\/api\/pdf\/file\?v=[0-9a-f]{32}$/);
  const download = await t.app.inject({ method: 'GET', url: body.url!, headers: { cookie: who } });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9-]*application\.pdf"$/);
  expect(download.headers['cache-control']).toBe('no-store');
  const bytes = download.rawPayload;
  return { url: body.url!, bytes, pdf: await PDFDocument.load(bytes), text: files.pdfText(bytes) };
}

const LONG_COMMENT = `${'A long account of what happened, told in full. '.repeat(140)}ENDMARKER`;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  t = await makeApp({ filesDir, pdfCompress: false });
  a = await newApplicant(t, 'ada@example.com');
  b = await newApplicant(t, 'bob@example.com');
  const answers = {
    ...completeApplication(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    activity_name: 'Debate Club',
    activity_2_name: 'Chess Club',
    activity_3_name: 'Third Activity Beyond The Count',
    conviction: 'Y',
    conviction_desc: 'Yes',
    conviction_comment: LONG_COMMENT,
    suspended: 'N',
    suspended_desc: 'No',
    suspended_comment: 'Hidden because suspended is N',
  };
  expect((await call('PUT', '/api/answer', a, answers)).statusCode).toBe(200);
  await call('PUT', '/api/add-another', a, { button_id: 'activity', num_components: 2 });
  await call('PUT', '/api/tabs', a, { tab_id: 'personal_statement', chosen_tab: 'upload' });
  await attach(a, 'personal_statement_doc', 'essay.docx', files.essayDocx());
  await attach(a, 'transcript_doc', 'transcript.pdf', await files.pdf(2));
  await attach(a, 'photo_doc', 'photo.png', files.png(30, 40));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('GET /api/pdf: the PDF copy of the application', () => {
  it("prints the applicant's answers, [X]/[ ] marks, every add-another entry and appends the documents", async () => {
    const { pdf, text, bytes } = await applicationPdf(a);
    const flat = text.replace(/\n/g, ' ');
    for (const expected of [
      'Undergraduate Application',
      'Applicant: Ada Lovelace (ada@example.com)',
      'About You',
      'Your Academics',
      'Final Steps',
      'First Name',
      'Lovelace',
      'Albany',
      'Activity 1',
      'Debate Club',
      'Activity 2',
      'Chess Club',
      '[X] Yes',
      '[ ] No',
      'Uploaded: essay.docx',
      'ENDMARKER',
      'transcript.pdf',
    ]) {
      expect(flat).toContain(expected);
    }
    // The Word document as LibreOffice converted it, appended (its fonts are read back the way a reader's are).
    expect(pdfToText(bytes)).toContain('I have always loved mathematics and poetry.');
    // Entry 3 is beyond the count of 2; the suspension comment is hidden (suspended is N); the essay tab is not chosen.
    expect(flat).not.toContain('Third Activity Beyond The Count');
    expect(flat).not.toContain('Hidden because suspended is N');
    expect(flat).not.toContain('I have always loved numbers.');
    // Answers (several pages: the long comment flows) + essay (1) + transcript (2) + photo (1).
    const appended = 4;
    expect(pdf.getPageCount()).toBeGreaterThan(appended + 3);
    expect(text).toContain(`Page 1 of ${pdf.getPageCount()}`);
  });

  it('is a tagged PDF a screen reader can read: headings, question tables, choice lists, then each document', async () => {
    const { pdf, bytes } = await applicationPdf(a);
    const info = pdfInfo(bytes);
    expect(info.tagged).toBe(true);
    expect(info.title).toBe('Undergraduate Application');
    expect((pdf.catalog.lookup(PDFName.of('Lang'), PDFString) as PDFString).asString()).toBe('en-US');
    const tree = structureText(bytes);
    // In reading order: the title, a page, a section, a question as a table row, choices as a list, the list of
    // attached documents, then the Word document's own structure (from LibreOffice) under its name.
    const expected = [
      /H1 \(block\)\s+"Undergraduate Application"/,
      /H2 \(block\)\s+"About You"/,
      /H3 \(block\)\s+"Your Name"/,
      /TR\s+TH:\s+\/Scope \/Row\s+"First Name"\s+TD\s+P \(block\)\s+"Ada"/,
      /L \(block\)\s+LI \(block\)\s+LBody \(block\)\s+"\[ \] American Indian or Alaska Native"/,
      /H2 \(block\)\s+"Attached documents"/,
      /Sect "Personal Statement Document: essay.docx"/,
      /"I have always loved "/,
    ];
    let from = 0;
    for (const pattern of expected) {
      const found = pattern.exec(tree.slice(from));
      expect([pattern.source, found ? 'found' : 'missing']).toEqual([pattern.source, 'found']);
      from += found!.index + found![0].length;
    }
    // Page numbers are page furniture (artifacts), not read as content.
    expect(tree).not.toContain('Page 1 of');
  });

  it('a different applicant gets their own copy, without the other’s answers', async () => {
    // Noto Sans prints Polish, Greek, Cyrillic and Vietnamese names as they are; a character it has no glyph for
    // (Chinese) becomes '?' rather than breaking the PDF.
    await call('PUT', '/api/answer', b, {
      first_name: 'Łukasz',
      last_name: 'Wąsowski',
      middle_name: 'Ελένη',
      birth_name: 'Дмитрий',
      preferred_name: 'Nguyễn Văn 李明',
    });
    const { text } = await applicationPdf(b);
    expect(text).toContain('Applicant: Łukasz Wąsowski (bob@example.com)');
    for (const name of ['Ελένη', 'Дмитрий', 'Nguyễn Văn ??']) expect(text.split('\n')).toContain(name);
    expect(text).toContain('Not answered');

    expect(text).not.toContain('Lovelace');
    expect(text).not.toContain('Chess Club');
  });

  it('is cached while nothing changes, and rebuilt when answers or documents change', async () => {
    const first = await applicationPdf(a);
    const built = async () =>
      (
        await t.app.db.query<{ built_at: Date }>(
          `SELECT built_at FROM application_pdfs p JOIN users u ON u.id = p.user_id WHERE u.username = 'ada@example.com'`,
        )
      ).rows[0].built_at;
    const builtAt = await built();
    const again = await applicationPdf(a);
    expect(again.url).toBe(first.url);
    expect(await built()).toEqual(builtAt);

    const profile = (await call('GET', '/api/profile', a)).json();
    await call('PUT', '/api/answer', a, { ...profile.answer, first_name: 'Augusta' });
    const renamed = await applicationPdf(a);
    expect(renamed.url).not.toBe(first.url);
    expect(renamed.text).toContain('Augusta Lovelace');
    const stale = await t.app.inject({ method: 'GET', url: first.url, headers: { cookie: a } });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(PDF_MESSAGES.notCurrent);

    expect((await call('DELETE', '/api/document-answer/transcript_doc', a)).statusCode).toBe(200);
    const fewer = await applicationPdf(a);
    expect(fewer.pdf.getPageCount()).toBe(renamed.pdf.getPageCount() - 2);
    expect(fewer.text).not.toContain('transcript.pdf');
  });

  it('reports failed when the copy cannot be made, and builds again after a change', async () => {
    const storage = t.app.services.documents.storage;
    const put = storage.put.bind(storage);
    const spy = jest.spyOn(storage, 'put').mockImplementation(async (key, data, type) => {
      if (key.startsWith('applications/')) throw new Error('disk full');
      return put(key, data, type);
    });
    try {
      await call('PUT', '/api/answer', b, { first_name: 'Bobby' });
      const res = (await call('GET', '/api/pdf', b)).json();
      expect(res).toEqual({ status: 'failed', message: PDF_MESSAGES.failed });
      expect((await call('GET', '/api/pdf', b)).json().status).toBe('failed');
    } finally {
      spy.mockRestore();
    }
    await call('PUT', '/api/answer', b, { first_name: 'Robert' });
    expect((await applicationPdf(b)).text).toContain('Robert');
  });

  it('leaves out the file of a tab no longer chosen (kept a few seconds for its Undo), and takes it back', async () => {
    const d = await newApplicant(t, 'dora@example.com');
    await call('PUT', '/api/tabs', d, { tab_id: 'personal_statement', chosen_tab: 'upload' });
    await attach(d, 'personal_statement_doc', 'statement.png', files.png(20, 20));
    const withFile = await applicationPdf(d);
    expect(withFile.text).toContain('statement.png');
    await call('PUT', '/api/tabs', d, { tab_id: 'personal_statement', chosen_tab: 'essay' });
    const without = await applicationPdf(d);
    expect(without.text).not.toContain('statement.png');
    expect(without.pdf.getPageCount()).toBe(withFile.pdf.getPageCount() - 1);
    await call('PUT', '/api/tabs', d, { tab_id: 'personal_statement', chosen_tab: 'upload' });
    expect((await applicationPdf(d)).text).toContain('statement.png');
  });

  it('a document missing from storage fails the copy (never a copy without it); a lost copy is a 503, not a 404', async () => {
    const c = await newApplicant(t, 'carol@example.com');
    await call('PUT', '/api/tabs', c, { tab_id: 'personal_statement', chosen_tab: 'upload' });
    await attach(c, 'personal_statement_doc', 'essay.png', files.png(20, 20));
    const storage = t.app.services.documents.storage;
    const get = storage.get.bind(storage);
    const spy = jest
      .spyOn(storage, 'get')
      .mockImplementation(async (key, max) => (key.startsWith('converted/') ? null : get(key, max)));
    try {
      const res = (await call('GET', '/api/pdf', c)).json();
      expect(res).toEqual({ status: 'failed', message: PDF_MESSAGES.failed });
    } finally {
      spy.mockRestore();
    }
    await call('PUT', '/api/answer', c, { first_name: 'Carol' });
    const { url } = await applicationPdf(c);
    const lost = jest.spyOn(storage, 'get').mockResolvedValue(null);
    try {
      const download = await t.app.inject({ method: 'GET', url, headers: { cookie: c } });
      expect(download.statusCode).toBe(503);
      expect(download.json()).toEqual({ message: PDF_MESSAGES.unreadable, code: 'StorageUnavailable' });
    } finally {
      lost.mockRestore();
    }
  });

  it("B cannot download A's copy, even with its URL", async () => {
    const { url } = await applicationPdf(a);
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('application/pdf');
    for (const v of ['x', '../etc', '0123']) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/pdf/file?v=${v}`, headers: { cookie: a } })).statusCode,
      ).toBe(400);
    }
  });
});

describe('printable(): the text the PDF fonts (Noto Sans) can show', () => {
  it('keeps Latin with its extensions, Greek, Cyrillic, Vietnamese and typographic marks as they are', () => {
    for (const text of [
      'Łukasz Wąsowski',
      'Ελένη',
      'Дмитрий',
      'Nguyễn Văn',
      'Zoë Ørsted-Çelik',
      '“Quotes” – €5…',
      '−3 °C',
    ])
      expect(printable(text)).toBe(text);
  });

  it('composes letters and marks (NFC) first', () => {
    expect(printable('Nguye\u0302\u0303n')).toBe('Nguy\u1ec5n');
  });

  it("turns a character the font has no glyph for into one '?', also outside the BMP", () => {
    expect(printable('李明')).toBe('??');
    expect(printable('שלום مرحبا')).toBe('???? ?????');
    expect(printable('A😀B')).toBe('A?B');
  });

  it('keeps line breaks, turns tabs and odd spaces into spaces, drops control and invisible characters', () => {
    expect(printable('a\tb\nc\u2028d')).toBe('a    b\nc\nd');
    expect(printable('1\u20092\u202f3')).toBe('1 2 3');
    expect(printable('x\u0007\u0085\u200b\u200d\ufeff\ufe0fy')).toBe('xy');
  });
});

describe('renderPdf', () => {
  it('keeps the text of a letter an earlier PDF used only inside an accented one (the fonts live on between PDFs)', async () => {
    // Noto Sans draws 'î' from the dotless 'ı' and a circumflex; writing the first subset asks fontkit for 'ı' alone.
    const first = await renderPdf({ compress: false }, (doc) => void doc.text('Rîmnicu'));
    const second = await renderPdf({ compress: false }, (doc) => void doc.text('Işık'));
    expect(files.pdfText(first)).toBe('Rîmnicu');
    expect(files.pdfText(second)).toBe('Işık');
  });
});

describe('buildApplicationPdf', () => {
  const form = {
    pages: [
      {
        title: 'About You',
        sections: [{ title: 'Name', questions: [{ key: 'first_name', label: 'First Name', type: 'text' as const }] }],
      },
    ],
  };

  /**
   * A copy with a Greek answer, a Russian essay (a PDF set in Noto Sans, as pdfkit makes them) and a second
   * document (`second`), compressed or not.
   */
  async function internationalCopy(compress: boolean, second: { fileName: string; bytes: Uint8Array }) {
    const essay = { bytes: await renderPdf({ compress }, (doc) => void doc.text('Моё эссе')) };
    return buildApplicationPdf({
      form,
      answers: { first_name: 'Ελένη' },
      username: 'eleni@example.com',
      applicationId: 'APP-000042',
      submittedAt: null,
      compress,
      settings: {
        paperSize: t.config.paperSize,
        timeZone: t.config.collegeTimeZone,
        collegeName: t.config.collegeName,
      },
      documents: [
        { answerKey: 'essay_doc', label: 'Essay', fileName: 'essay.docx', fileSize: 10, bytes: essay.bytes },
        { answerKey: 'transcript_doc', label: 'Transcript', fileSize: 10, ...second },
      ],
    });
  }

  it('prints the name of a document it cannot read on a page of its own, whatever its characters', async () => {
    const unreadable = { fileName: 'Świadectwo 李.pdf', bytes: Buffer.from('not a PDF') };
    const { bytes, pages } = await internationalCopy(false, unreadable);
    expect(pages).toBe(3);
    const text = files.pdfText(bytes);
    expect(text).toContain('Ελένη');
    expect(text).toContain('Моё эссе');
    expect(text).toContain('Świadectwo ?.pdf could not be included in this copy.');
    // Each part brings its own subsets of Noto Sans; each has a tag of its own in the merged copy.
    const subsets = [
      ...Buffer.from(bytes)
        .toString('latin1')
        .matchAll(/\/FontName \/([A-Z]{6})\+NotoSans/g),
    ].map((m) => m[1]);
    expect(subsets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(subsets).size).toBe(subsets.length);
  });

  it('is read back by pdfText when compressed too (as served outside tests, and read by the e2e tests)', async () => {
    const { bytes } = await internationalCopy(true, { fileName: 'transcript.pdf', bytes: await files.pdf(1) });
    expect(Buffer.from(bytes).toString('latin1')).toContain('/ObjStm');
    expect(files.pdfText(bytes).split('\n')).toEqual(
      expect.arrayContaining(['Ελένη', 'Моё эссе', 'Fixture page 1', 'Ελένη  ·  Page 1 of 3']),
    );
  });
});

describe('where each attached document lies in the copy (listed by the print view)', () => {
  it('is where the built copy has it: after the answers, in order, each on its own pages', async () => {
    const { rows } = await t.app.db.query<{ id: string }>(`SELECT id FROM users WHERE username = 'ada@example.com'`);
    const places = await t.app.services.applicationPdf.attachedPages(Number(rows[0].id), 'ada@example.com');
    const { pdf, bytes } = await applicationPdf(a);
    const total = pdf.getPageCount();
    const texts = pageTexts(bytes);
    const keys = Object.keys(places);
    expect(keys).toEqual(expect.arrayContaining(['personal_statement_doc', 'photo_doc']));
    // The answers part ends with its list of the attached documents; the first document starts the next page.
    const first = places[keys[0]].first;
    expect(texts[first - 2]).toContain('Attached documents');
    expect(texts[first - 1]).not.toContain('Attached documents');
    // Then one after the other, in the list's order, the last closing the copy.
    keys.slice(1).forEach((key, i) => expect(places[key].first).toBe(places[keys[i]].last + 1));
    expect(places[keys.at(-1)!].last).toBe(total);
    expect(places.photo_doc.last - places.photo_doc.first).toBe(0);
  });
});
