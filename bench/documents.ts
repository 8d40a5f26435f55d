/**
 * Documents: how long the conversion worker takes for a ~1 MB DOCX (LibreOffice, warm, and the first document,
 * which starts soffice) and a ~1 MB JPEG, and how long the PDF copy of
 * a complete application with three documents takes to build: the builder alone, and GET /api/pdf end to end
 * (database, storage, build) on a fresh embedded database. Times are medians of warm runs. Used by
 * `npm run bench` and by bench/documents.bench.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { DOCX_LIMITS } from '../server/src/documents/convert';
import { createConverters } from '../server/src/documents/converters';
import { inspectUpload } from '../server/src/documents/inspect';
import { buildApplicationPdf } from '../server/src/pdf/build';
import { printableApplication } from '../server/src/pdf/outline';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import * as files from '../testing/files';
import { BUDGETS } from './budgets';
import { check, round, type AreaOutput } from './common';
import { UPLOAD_CONTENT_TYPE, uploadForm } from './uploadForm';

const WORDS =
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there one all would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );

function randomText(words: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out.push(WORDS[x % WORDS.length]);
  }
  return `${out.join(' ')}.`;
}

/** A realistic essay: headings, formatted paragraphs, a list (the night area uploads one too). */
export function essay(paragraphs: number): files.DocxParagraph[] {
  const out: files.DocxParagraph[] = [{ style: 'Heading1', runs: [{ text: 'Personal Statement' }] }];
  for (let i = 0; i < paragraphs; i++) {
    if (i % 12 === 0) out.push({ style: 'Heading2', runs: [{ text: `Part ${i / 12 + 1}` }] });
    if (i % 9 === 4) {
      out.push(
        { list: true, runs: [{ text: randomText(12, i) }] },
        { list: true, runs: [{ text: randomText(9, i + 1) }] },
      );
    }
    out.push({
      runs: [
        { text: randomText(40, i * 7) },
        { text: ` ${randomText(6, i * 11)}`, bold: true },
        { text: ` ${randomText(50, i * 13)}`, italic: i % 2 === 0 },
      ],
    });
  }
  return out;
}

export type DocumentTimingId =
  | 'docx-start'
  | 'docx-photo'
  | 'docx-png'
  | 'docx-text'
  | 'jpeg'
  | 'png'
  | 'pdf-builder'
  | 'pdf-end-to-end'
  | 'pdf-cached';

export interface DocumentTiming {
  id: DocumentTimingId;
  label: string;
  medianMs: number;
  minMs: number;
  runs: number;
  /** What came out (pages, size). */
  output?: string;
}

const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;

function summarize(id: DocumentTimingId, label: string, samples: number[], output?: string): DocumentTiming {
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    id,
    label,
    medianMs: round(sorted[Math.floor(sorted.length / 2)], 1),
    minMs: round(sorted[0], 1),
    runs: samples.length,
    ...(output ? { output } : {}),
  };
}

async function time<T>(runs: number, fn: () => Promise<T>): Promise<{ result: T; samples: number[] }> {
  let result = await fn(); // warm-up (module loading, font metrics)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await fn();
    samples.push(performance.now() - start);
  }
  return { result, samples };
}

/** The worker's converters: LibreOffice for Word documents, the conversion thread for the rest. */
const converters = createConverters();

async function convertFile(name: string, bytes: Buffer, using = converters) {
  const inspection = await inspectUpload(name, bytes);
  if (!inspection.ok) throw new Error(`${name}: ${inspection.message}`);
  return using.convert(inspection.kind, bytes);
}

/** Runs every measurement; `onTiming` sees each one as it completes (the CLI prints them). */
/** The server's defaults (no PAPER_SIZE, COLLEGE_TIME_ZONE or COLLEGE_NAME), as a started server would pass them. */
const { paperSize, collegeTimeZone, collegeName } = loadConfig({});
const PDF_SETTINGS = { paperSize, timeZone: collegeTimeZone, collegeName };

export async function measureDocuments(onTiming: (t: DocumentTiming) => void = () => {}): Promise<DocumentTiming[]> {
  const out: DocumentTiming[] = [];
  const add = (t: DocumentTiming) => {
    out.push(t);
    onTiming(t);
  };

  // 1. DOCX of about 1 MB: twelve pages of formatted text and a large photo (what makes Word files big).
  const docxWithPhoto = files.docx(essay(40), { image: files.jpeg(2400, 1800, 930_000), imageType: 'jpeg' });
  const docxPng = files.docx(essay(40), { image: files.png(560, 560, { noise: true }) });
  const textDocx = files.docx(essay(2600));
  {
    // The first document after the server starts pays for starting soffice (a new one each run).
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const fresh = createConverters();
      const start = performance.now();
      await convertFile('essay.docx', docxWithPhoto, fresh);
      samples.push(performance.now() - start);
      await fresh.stop();
    }
    add(
      summarize('docx-start', `First DOCX after start (starts LibreOffice) ${mb(docxWithPhoto.length)} → PDF`, samples),
    );
  }
  for (const [id, label, bytes, runs] of [
    ['docx-photo', `DOCX ${mb(docxWithPhoto.length)} (text + photo) → PDF`, docxWithPhoto, 10],
    ['docx-png', `DOCX ${mb(docxPng.length)} (text + lossless PNG) → PDF`, docxPng, 5],
    [
      'docx-text',
      `DOCX ${mb(textDocx.length)} (text only, near the ${DOCX_LIMITS.maxPages}-page limit) → PDF`,
      textDocx,
      5,
    ],
  ] as const) {
    const { result, samples } = await time(runs, () => convertFile('essay.docx', bytes));
    add(summarize(id, label, samples, `${result.pages} pages, ${mb(result.bytes.length)}`));
  }

  // 2. JPEG of about 1 MB (pdf-lib embeds JPEG data as it is).
  const photo = files.jpeg(4000, 3000, 1_000_000);
  {
    const { samples } = await time(20, () => convertFile('photo.jpg', photo));
    add(summarize('jpeg', `JPEG ${mb(photo.length)} (4000×3000) → PDF`, samples));
  }
  const bigPng = files.png(560, 560, { noise: true });
  {
    const { samples } = await time(10, () => convertFile('photo.png', bigPng));
    add(summarize('png', `PNG ${mb(bigPng.length)} (560×560 noise, no compression gain) → PDF`, samples));
  }

  // 3. The PDF copy of a complete application with three documents.
  const answers = { ...completeApplication(), personal_statement_essay: '' };
  const documents = [
    {
      answerKey: 'personal_statement_doc',
      label: 'Personal Statement Document',
      fileName: 'essay.docx',
      fileSize: 1,
      bytes: (await convertFile('essay.docx', files.docx(essay(12)))).bytes,
    },
    {
      answerKey: 'transcript_doc',
      label: 'Transcript',
      fileName: 'transcript.pdf',
      fileSize: 1,
      bytes: await files.pdf(3),
    },
    {
      answerKey: 'photo_doc',
      label: 'Photo',
      fileName: 'photo.jpg',
      fileSize: 1,
      bytes: (await convertFile('photo.jpg', photo)).bytes,
    },
  ];
  const state = { answers, addAnother: { activity: 4 }, tabs: { personal_statement: 'upload' } };
  {
    const { result, samples } = await time(20, async () =>
      buildApplicationPdf({
        form: printableApplication(state),
        answers,
        username: 'ada@example.com',
        applicationId: 'APP-000001',
        submittedAt: null,
        documents,
        compress: true,
        settings: PDF_SETTINGS,
      }),
    );
    add(
      summarize(
        'pdf-builder',
        'Application PDF builder (complete answers, 4 activities, 3 documents)',
        samples,
        `${result.pages} pages, ${mb(result.bytes.length)}`,
      ),
    );
  }

  // End to end: GET /api/pdf after a change (so it rebuilds), on a fresh embedded database and local storage.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
  const app = await buildApp(
    loadConfig(
      {},
      { memoryDb: {}, logLevel: 'silent', staticDir: '/nonexistent', filesDir, publicRateLimit: 1_000_000 },
    ),
  );
  try {
    const json = { 'content-type': 'application/json' };
    const username = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = 'Maple-Syrup-2024!';
    await app.inject({ method: 'POST', url: '/public/signup', headers: json, payload: { username, password } });
    const code = (await app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username])).rows[0];
    await app.db.query('UPDATE users SET confirmed_at = now() WHERE id = $1', [code.id]);
    const login = await app.inject({
      method: 'POST',
      url: '/public/login',
      headers: json,
      payload: { username, password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const as = { ...json, cookie };
    await app.inject({ method: 'PUT', url: '/api/answer', headers: as, payload: answers });
    await app.inject({
      method: 'PUT',
      url: '/api/add-another',
      headers: as,
      payload: { button_id: 'activity', num_components: 4 },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/tabs',
      headers: as,
      payload: { tab_id: 'personal_statement', chosen_tab: 'upload' },
    });
    const uploads: [string, string, Buffer][] = [
      ['personal_statement_doc', 'essay.docx', files.docx(essay(12))],
      ['transcript_doc', 'transcript.pdf', await files.pdf(3)],
      ['photo_doc', 'photo.jpg', photo],
    ];
    for (const [key, name, bytes] of uploads) {
      const { url, fields } = (
        await app.inject({ method: 'POST', url: '/api/presigned-url', headers: as, payload: { answer_key: key } })
      ).json();
      const body = uploadForm(fields as Record<string, string>, name, bytes);
      await app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie, 'content-type': UPLOAD_CONTENT_TYPE },
      });
      await app.inject({
        method: 'POST',
        url: `/api/pdf/document-answer/${key}`,
        headers: as,
        payload: { file_key: fields.key, file_name: name },
      });
    }
    await app.services.conversionWorker.runOnce();
    // Each round changes an answer first (not timed), so GET /api/pdf has to rebuild the copy.
    const samples: number[] = [];
    for (let n = 0; n <= 10; n++) {
      await app.inject({
        method: 'PUT',
        url: '/api/answer',
        headers: as,
        payload: { ...answers, middle_name: `M${n}` },
      });
      const start = performance.now();
      const res = (await app.inject({ method: 'GET', url: '/api/pdf', headers: { cookie } })).json();
      if (res.status !== 'completed') throw new Error(`GET /api/pdf: status ${res.status}`);
      if (n > 0) samples.push(performance.now() - start);
    }
    add(summarize('pdf-end-to-end', 'GET /api/pdf end to end (rebuild after an answer change; DB + storage)', samples));
    const cached: number[] = [];
    for (let n = 0; n < 10; n++) {
      const start = performance.now();
      await app.inject({ method: 'GET', url: '/api/pdf', headers: { cookie } });
      cached.push(performance.now() - start);
    }
    add(summarize('pdf-cached', 'GET /api/pdf when nothing changed (cached copy)', cached));
  } finally {
    await app.close();
    await converters.stop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
  return out;
}

/**
 * The bench area. Budgets: the ~1 MB DOCX (text + photo, the realistic big Word file) ≤ 2 s; the application PDF
 * ≤ 300 ms, held against GET /api/pdf end to end (what the applicant waits for; the builder alone is shown too).
 */
export async function runDocuments(): Promise<AreaOutput<DocumentTiming[]>> {
  const data = await measureDocuments();
  const byId = (id: DocumentTimingId) => data.find((t) => t.id === id);
  return {
    data,
    checks: [
      check('documents', 'DOCX ~1 MB (text + photo) → PDF, median', byId('docx-photo')?.medianMs, 'ms', {
        max: BUDGETS.documents.docxMaxMs,
      }),
      check(
        'documents',
        'Application PDF (3 documents), GET /api/pdf rebuild, median',
        byId('pdf-end-to-end')?.medianMs,
        'ms',
        { max: BUDGETS.documents.applicationPdfMaxMs },
      ),
    ],
    notes: [
      'The JPEG and the other DOCX variants carry no budget of their own; the text-only DOCX near the page limit shows the worst case.',
    ],
  };
}
