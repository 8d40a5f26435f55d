/**
 * The upload flow of SPEC §4, step by step against msw, with the calls asserted in order: the file rules first;
 * the answers saved and the pre-signed URL asked for together; the multipart post (fields first, then the file);
 * the conversion asked for with the storage key and the file name; polls every 2000 ms (fake timers) while
 * unprocessed or in_progress (any case); completed → the document answers fetched again and ANSWERED. Every failure
 * stops the spinner, records the error (field and 'Error uploading file for {key}' toast) and clears the answer.
 * Also: the delete, the data fetched again when a question shows, a logout cancelling a poll, the PDF download.
 */
import { userLoggedOut } from '../../shared/events';
import { HttpResponse } from 'msw';
import { CONVERSION_POLL_MS, PDF_POLL_FIRST_MS, UNDO_TOAST_MS } from '../../kernel/constants';
import { GENERIC_ERROR } from '../../kernel/messages';
import { MAINTENANCE_MESSAGE } from '../../kernel/serviceStatus/messages';
import { MAINTENANCE_CODE } from '../../kernel/serviceStatus/rules';
import { tabSwitchRequested, tabSwitchUndone } from '../tabs/tabsSlice';
import { loggedInState } from '../../../tests/listenerHarness';
import {
  DOC_KEY,
  DOC_LABEL,
  gate,
  PDF_URL,
  recordDocumentCalls,
  refusal,
  UPLOAD_FIELDS,
  UPLOAD_URL,
  type RecordedCall,
} from '../../../tests/msw/documents';
import type { RootState } from '../../app/store';
import {
  deleteRequested,
  documentQuestionShown,
  documentsDiscarded,
  documentsKept,
  DELETED_NOTICE,
  pdfDownloadRequested,
  uploadRequested,
  type DocumentsState,
} from './documentsSlice';
import { FILE_MESSAGES } from '../../kernel/documents/fileRules';
import { registerFile } from './fileRegistry';
import {
  ANSWERED,
  CONVERSION_DELAYED,
  PDF_ERROR,
  uploadErrorTitle,
  VISITOR_UPLOAD_MESSAGE,
} from '../../kernel/documents/messages';
import { docOf, fileOf, makeDocumentsStore, toastsOf, valuesOf } from './testing';
import { profileOf } from '../../../tests/msw/auth';

const line = (c: RecordedCall) => `${c.method} ${c.path}`;
const STATUS_PATH = `/api/pdf/document-answer/${DOC_KEY}`;

const profile = (answer: Record<string, string | boolean>, version: number) => profileOf({ answer, version });

/** Answers in turn; the last one repeats. */
const sequence = (...answers: object[]) => {
  let i = 0;
  return () => HttpResponse.json(answers[Math.min(i++, answers.length - 1)]);
};

/** Lets the flow run: timers advance in small steps (promises settle between them) until `done`. */
async function until(done: () => boolean, stepMs = 10, maxSteps = 500) {
  for (let i = 0; i < maxSteps && !done(); i++) await jest.advanceTimersByTimeAsync(stepMs);
  expect(done()).toBe(true);
}

/** Every phase the key goes through. */
function phases(store: ReturnType<typeof makeDocumentsStore>) {
  const first = docOf(store, DOC_KEY)?.phase;
  const seen: string[] = first ? [first] : [];
  store.subscribe(() => {
    const phase = docOf(store, DOC_KEY)?.phase;
    if (phase && seen.at(-1) !== phase) seen.push(phase);
  });
  return seen;
}

function choose(store: ReturnType<typeof makeDocumentsStore>, name: string, size: number, type: string) {
  const file = fileOf(name, size, type);
  store.dispatch(uploadRequested({ key: DOC_KEY, fileId: registerFile(file), name, size, type }));
}

function storeFor(
  values: Record<string, string | boolean> = {},
  dirty: string[] = [],
  documents?: Partial<DocumentsState>,
  session: Partial<RootState['session']> = {},
) {
  return makeDocumentsStore(loggedInState(session, values, dirty), documents);
}

const happyRoutes = (overrides: Record<string, Parameters<typeof recordDocumentCalls>[0][string]> = {}) => ({
  'PUT /api/answer': { message: 'ok', version: 2 },
  'POST /api/presigned-url': { url: UPLOAD_URL, fields: UPLOAD_FIELDS },
  'POST /api/upload': () => new HttpResponse(null, { status: 204 }),
  'POST /api/pdf/document-answer/:key': () =>
    HttpResponse.json({ status: 'unprocessed', message: 'Your file is being converted.' }, { status: 202 }),
  'GET /api/pdf/document-answer/:key': sequence({ status: 'completed', message: '' }),
  'GET /api/document-answer': { [DOC_KEY]: { file_name: 'essay.pdf', file_size: 12_345 } },
  'GET /api/profile': profile({ first_name: 'Ada', [DOC_KEY]: ANSWERED }, 3),
  'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
  ...overrides,
});

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('upload: the happy path, step by step', () => {
  it('saves and asks for the upload form together, posts the file, converts, polls every 2 s, then ANSWERED', async () => {
    // Each of the first two calls answers only once the other one has arrived: they are in flight together.
    const saveArrived = gate();
    const presignArrived = gate();
    const calls = recordDocumentCalls(
      happyRoutes({
        'PUT /api/answer': async () => {
          saveArrived.open();
          await presignArrived.opened;
          return HttpResponse.json({ message: 'ok', version: 2 });
        },
        'POST /api/presigned-url': async () => {
          presignArrived.open();
          await saveArrived.opened;
          return HttpResponse.json({ url: UPLOAD_URL, fields: UPLOAD_FIELDS });
        },
        'GET /api/pdf/document-answer/:key': sequence(
          { status: 'in_progress', message: 'Your file is being converted.' },
          { status: 'IN_PROGRESS', message: 'Your file is being converted.' },
          { status: 'COMPLETED', message: 'Your file was converted.' },
        ),
      }),
    );
    const store = storeFor({ first_name: 'Ada' }, ['first_name']);

    choose(store, 'essay.pdf', 12_345, 'application/pdf');
    await until(() => docOf(store, DOC_KEY)?.phase === 'uploading');
    expect(docOf(store, DOC_KEY)).toMatchObject({
      phase: 'uploading',
      progress: 0,
      pending: { name: 'essay.pdf', size: 12_345 },
      notice: 'Uploading essay.pdf…',
    });

    // Saved and asked together, then the file, then the conversion.
    await until(() => calls.length >= 4);
    expect(calls.slice(0, 2).map(line).sort()).toEqual(['POST /api/presigned-url', 'PUT /api/answer']);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { first_name: 'Ada' }, ifMatch: '"1"' });
    expect(calls.find((c) => c.path === '/api/presigned-url')?.body).toEqual({ answer_key: DOC_KEY });
    expect(calls[2]).toEqual({
      method: 'POST',
      path: UPLOAD_URL,
      body: [
        ['key', UPLOAD_FIELDS.key],
        ['policy', UPLOAD_FIELDS.policy],
        ['signature', UPLOAD_FIELDS.signature],
        ['file', { file: 'essay.pdf', size: 12_345, type: 'application/pdf' }],
      ],
    });
    expect(calls[3]).toEqual({
      method: 'POST',
      path: STATUS_PATH,
      body: { file_key: UPLOAD_FIELDS.key, file_name: 'essay.pdf' },
    });
    await until(() => docOf(store, DOC_KEY)?.phase === 'converting');
    expect(docOf(store, DOC_KEY)).toMatchObject({ progress: null, notice: 'Converting essay.pdf to PDF…' });

    // Polls: none before 2000 ms, then one every 2000 ms while unprocessed or in_progress (any case). (A call
    // takes a few fake milliseconds to reach msw: 100 ms of slack either side.)
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS - 100);
    expect(calls).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(5);
    expect(line(calls[4])).toBe(`GET ${STATUS_PATH}`);
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS - 200);
    expect(calls).toHaveLength(5);
    await jest.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(6);
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);

    // Completed: the document answers fetched again and the answer ANSWERED, as the server derives it from the
    // document: no profile to fetch, no version to take, nothing to save.
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(calls.slice(4, 7).map(line)).toEqual([`GET ${STATUS_PATH}`, `GET ${STATUS_PATH}`, `GET ${STATUS_PATH}`]);
    expect(calls.slice(7).map(line)).toEqual(['GET /api/document-answer']);
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
    expect(store.getState().sync).toMatchObject({ version: 2, dirty: [] });
    expect(docOf(store, DOC_KEY)).toMatchObject({
      file: { name: 'essay.pdf', size: 12_345 },
      pending: null,
      error: null,
      notice: 'essay.pdf was uploaded.',
    });
    expect(toastsOf(store)).toEqual([]);

    // No more polling, and no answer save.
    await jest.advanceTimersByTimeAsync(10 * CONVERSION_POLL_MS);
    expect(calls).toHaveLength(8);
  });

  it('reports the upload progress in percent', async () => {
    recordDocumentCalls(happyRoutes());
    const store = storeFor();
    const seen: (number | null)[] = [];
    store.subscribe(() => {
      const doc = docOf(store, DOC_KEY);
      if (doc?.phase === 'uploading' && seen.at(-1) !== doc.progress) seen.push(doc.progress);
    });
    choose(store, 'photo.png', 50_000, 'image/png');
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
  });

  it('not_answered stops the spinner and changes nothing else', async () => {
    const calls = recordDocumentCalls(
      happyRoutes({
        'GET /api/pdf/document-answer/:key': sequence({
          status: 'NOT_ANSWERED',
          message: 'No file has been uploaded for this question.',
        }),
      }),
    );
    const store = storeFor({ first_name: 'Ada' });
    choose(store, 'essay.pdf', 100, 'application/pdf');
    await until(() => docOf(store, DOC_KEY)?.phase === 'converting');
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(docOf(store, DOC_KEY)).toMatchObject({ error: null, pending: null });
    expect(valuesOf(store)).toEqual({ first_name: 'Ada' });
    expect(toastsOf(store)).toEqual([]);
    expect(calls.map(line)).toEqual([
      'POST /api/presigned-url',
      `POST ${UPLOAD_URL}`,
      `POST ${STATUS_PATH}`,
      `GET ${STATUS_PATH}`,
    ]);
  });
});

describe('a conversion the server says is taking longer (its file store unreachable)', () => {
  it('tells the applicant so while it carries on, never that the file is bad, then completes', async () => {
    recordDocumentCalls(
      happyRoutes({
        'GET /api/pdf/document-answer/:key': sequence(
          { status: 'unprocessed', message: CONVERSION_DELAYED },
          { status: 'completed', message: '' },
        ),
      }),
    );
    const store = storeFor({ first_name: 'Ada' });
    choose(store, 'essay.pdf', 100, 'application/pdf');
    await until(() => docOf(store, DOC_KEY)?.phase === 'converting');
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);
    await until(() => docOf(store, DOC_KEY)?.notice === CONVERSION_DELAYED);
    expect(docOf(store, DOC_KEY)).toMatchObject({ phase: 'converting', error: null });
    expect(toastsOf(store)).toEqual([]);
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
  });
});

describe('upload: every failure stops the spinner, records the error (field and toast) and clears the answer', () => {
  const failures: [string, Parameters<typeof recordDocumentCalls>[0], string][] = [
    [
      'the answers cannot be saved',
      { 'PUT /api/answer': () => refusal(400, 'Your answers are too long.') },
      'Your answers are too long.',
    ],
    [
      'no pre-signed URL',
      { 'POST /api/presigned-url': () => refusal(429, 'Too many uploads in the last hour.') },
      'Too many uploads in the last hour.',
    ],
    [
      'the upload is refused (the server reads the content)',
      { 'POST /api/upload': () => refusal(415, 'This file is not a PDF.') },
      'This file is not a PDF.',
    ],
    [
      'the upload gets no JSON answer (S3 answers XML)',
      { 'POST /api/upload': () => new HttpResponse('<Error/>', { status: 403 }) },
      GENERIC_ERROR,
    ],
    [
      'the conversion cannot start',
      { 'POST /api/pdf/document-answer/:key': () => refusal(409, 'Your file has not been uploaded yet.') },
      'Your file has not been uploaded yet.',
    ],
    [
      'the conversion fails (with the server’s reason)',
      {
        'GET /api/pdf/document-answer/:key': sequence(
          { status: 'in_progress', message: '' },
          { status: 'FAILED', message: 'This PDF is protected by a password.' },
        ),
      },
      'This PDF is protected by a password.',
    ],
    [
      'the conversion fails (no reason given)',
      { 'GET /api/pdf/document-answer/:key': sequence({ status: 'failed', message: '' }) },
      GENERIC_ERROR,
    ],
    [
      'a poll fails',
      { 'GET /api/pdf/document-answer/:key': () => HttpResponse.json({ message: 'Down.' }, { status: 503 }) },
      'Down.',
    ],
    ['the status is unknown', { 'GET /api/pdf/document-answer/:key': sequence({ status: 'exploded' }) }, GENERIC_ERROR],
    [
      'maintenance mode: every change refused',
      {
        'PUT /api/answer': () => refusal(503, MAINTENANCE_MESSAGE, MAINTENANCE_CODE),
        'POST /api/presigned-url': () => refusal(503, MAINTENANCE_MESSAGE, MAINTENANCE_CODE),
      },
      MAINTENANCE_MESSAGE,
    ],
    [
      'maintenance mode: the answers held, the upload form given just before it began',
      { 'PUT /api/answer': () => refusal(503, MAINTENANCE_MESSAGE, MAINTENANCE_CODE) },
      MAINTENANCE_MESSAGE,
    ],
  ];

  it.each(failures)('%s', async (_name, overrides, message) => {
    const calls = recordDocumentCalls(happyRoutes(overrides));
    const store = storeFor({ first_name: 'Ada', [DOC_KEY]: ANSWERED }, ['first_name']);
    choose(store, 'essay.pdf', 100, 'application/pdf');
    await until(() => toastsOf(store).some((t) => t.title === uploadErrorTitle(DOC_LABEL)), 100);
    expect(docOf(store, DOC_KEY)).toMatchObject({
      phase: 'idle',
      error: message,
      pending: null,
      file: null,
      progress: null,
    });
    expect(toastsOf(store)).toContainEqual({ severity: 'error', title: uploadErrorTitle(DOC_LABEL), message });
    // Named by the question's label, not its internal key.
    expect(uploadErrorTitle(DOC_LABEL)).toBe('Error uploading file for Personal Statement Document');
    expect(valuesOf(store)[DOC_KEY]).toBeUndefined();
    // Nothing to save for it: the server has no document for the key, so it has no ANSWERED either.
    expect(store.getState().sync.dirty).not.toContain(DOC_KEY);
    // Polling stopped.
    const made = calls.length;
    await jest.advanceTimersByTimeAsync(5 * CONVERSION_POLL_MS);
    expect(calls.filter((c) => c.method === 'GET' && c.path === STATUS_PATH).length).toBeLessThanOrEqual(
      calls.slice(0, made).filter((c) => c.method === 'GET' && c.path === STATUS_PATH).length,
    );
  });

  it('a failure before the conversion started also removes the file stored before (its answer is gone)', async () => {
    const calls = recordDocumentCalls(
      happyRoutes({ 'POST /api/upload': () => refusal(415, 'This file is not a PDF.') }),
    );
    const store = storeFor({ [DOC_KEY]: ANSWERED }, [], {
      byKey: {
        [DOC_KEY]: {
          phase: 'idle',
          progress: null,
          error: null,
          file: { name: 'old.pdf', size: 10 },
          pending: null,
          notice: null,
          offer: null,
        },
      },
    });
    choose(store, 'fake.pdf', 100, 'application/pdf');
    await until(() => calls.some((c) => c.method === 'DELETE'), 50);
    expect(calls.map(line)).toEqual([
      'POST /api/presigned-url',
      `POST ${UPLOAD_URL}`,
      `DELETE /api/document-answer/${DOC_KEY}`,
    ]);
  });

  it('a 401 on the upload ends the session without an upload toast', async () => {
    recordDocumentCalls(happyRoutes({ 'POST /api/upload': () => refusal(401, 'Unauthorized') }));
    const store = storeFor({ [DOC_KEY]: ANSWERED });
    choose(store, 'essay.pdf', 100, 'application/pdf');
    await until(() => store.getState().session.is_logged_in === false, 50);
    expect(toastsOf(store).filter((t) => t.title === uploadErrorTitle(DOC_LABEL))).toEqual([]);
  });
});

describe('upload: refused before anything is sent', () => {
  it.each([
    ['too large', 'big.pdf', 1_000_001, 'application/pdf', FILE_MESSAGES.tooLarge],
    ['a type not allowed', 'notes.txt', 10, 'text/plain', FILE_MESSAGES.wrongType],
    ['a type that does not match its name', 'essay.pdf', 10, 'image/png', FILE_MESSAGES.wrongType],
    ['a name too long', `${'a'.repeat(29)}.pdf`, 10, 'application/pdf', FILE_MESSAGES.nameTooLong],
    ['empty', 'empty.docx', 0, '', FILE_MESSAGES.empty],
  ])('%s', async (_name, fileName, size, type, message) => {
    const calls = recordDocumentCalls(happyRoutes());
    const store = storeFor({ [DOC_KEY]: ANSWERED });
    choose(store, fileName, size, type);
    await jest.advanceTimersByTimeAsync(100);
    expect(docOf(store, DOC_KEY)).toMatchObject({ phase: 'idle', error: message });
    expect(calls).toEqual([]);
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED); // nothing happened to the stored file
    expect(toastsOf(store)).toEqual([]);
  });

  it('the SPEC messages', () => {
    expect(FILE_MESSAGES).toEqual({
      tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
      wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
      nameTooLong:
        'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
      empty: 'Your file is empty. Please upload a non-empty file.',
    });
  });

  it('a visitor cannot upload', async () => {
    const calls = recordDocumentCalls(happyRoutes());
    const store = makeDocumentsStore();
    choose(store, 'essay.pdf', 10, 'application/pdf');
    await jest.advanceTimersByTimeAsync(100);
    expect(docOf(store, DOC_KEY)).toMatchObject({ phase: 'idle', error: VISITOR_UPLOAD_MESSAGE });
    expect(calls).toEqual([]);
  });

  it('a second file while one is uploading is ignored', async () => {
    const calls = recordDocumentCalls(happyRoutes());
    const store = storeFor();
    choose(store, 'essay.pdf', 10, 'application/pdf');
    choose(store, 'other.pdf', 10, 'application/pdf');
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(calls.filter((c) => c.path === '/api/presigned-url')).toHaveLength(1);
    expect(docOf(store, DOC_KEY).file?.name).toBe('essay.pdf');
  });
});

describe('delete', () => {
  it('deletes the conversion, then the document answer, and clears the answer (nothing to save)', async () => {
    const calls = recordDocumentCalls({
      'DELETE /api/pdf/document-answer/:key': { message: 'The file was removed.' },
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
    });
    const store = storeFor({ first_name: 'Ada', [DOC_KEY]: ANSWERED }, [], {
      byKey: {
        [DOC_KEY]: {
          phase: 'idle',
          progress: null,
          error: null,
          file: { name: 'essay.pdf', size: 10 },
          pending: null,
          notice: null,
          offer: null,
        },
      },
    });
    const seen = phases(store);
    store.dispatch(deleteRequested({ key: DOC_KEY }));
    await until(() => seen.length === 3);
    expect(seen).toEqual(['idle', 'deleting', 'idle']);
    expect(calls.map(line)).toEqual([`DELETE ${STATUS_PATH}`, `DELETE /api/document-answer/${DOC_KEY}`]);
    expect(docOf(store, DOC_KEY)).toMatchObject({ file: null, error: null, notice: DELETED_NOTICE });
    expect(valuesOf(store)).toEqual({ first_name: 'Ada' });
    expect(store.getState().sync.dirty).toEqual([]);
  });

  it('a failed delete keeps the file and shows the error', async () => {
    recordDocumentCalls({
      'DELETE /api/pdf/document-answer/:key': () => refusal(409, 'Your application has already been submitted.'),
    });
    const store = storeFor({ [DOC_KEY]: ANSWERED });
    store.dispatch(deleteRequested({ key: DOC_KEY }));
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(docOf(store, DOC_KEY).error).toBe('Your application has already been submitted.');
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
    expect(toastsOf(store)).toEqual([
      {
        severity: 'error',
        title: uploadErrorTitle(DOC_LABEL),
        message: 'Your application has already been submitted.',
      },
    ]);
  });
});

describe('a tab switch’s files: deleted once the Undo has had its time', () => {
  const STORED_FILE = {
    phase: 'idle' as const,
    progress: null,
    error: null,
    file: { name: 'essay.pdf', size: 10 },
    pending: null,
    notice: null,
    offer: null,
  };
  const discardedStore = () => storeFor({}, [], { byKey: { [DOC_KEY]: STORED_FILE } });
  const discard = { tabId: 'personal_statement', fromTab: 'upload', keys: [DOC_KEY] };
  const deletes = [`DELETE ${STATUS_PATH}`, `DELETE /api/document-answer/${DOC_KEY}`];

  it('nothing is deleted during the Undo’s time; then the conversion and the document answer go', async () => {
    const calls = recordDocumentCalls({
      'DELETE /api/pdf/document-answer/:key': { message: 'The file was removed.' },
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
    });
    const store = discardedStore();
    store.dispatch(documentsDiscarded(discard));
    await jest.advanceTimersByTimeAsync(UNDO_TOAST_MS - 100);
    expect(calls).toEqual([]);
    expect(docOf(store, DOC_KEY).file).toEqual({ name: 'essay.pdf', size: 10 });
    await until(() => docOf(store, DOC_KEY).file === null, 50);
    expect(calls.map(line)).toEqual(deletes);
  });

  it.each([
    [
      'the Undo',
      tabSwitchUndone({
        tabId: 'personal_statement',
        tab: 'upload',
        answers: {},
        title: 'x',
        leaves: { tab: 'write', documentLabels: {} },
      }),
    ],
    [
      'choosing the tab again by hand',
      tabSwitchRequested({
        tabId: 'personal_statement',
        from: 'write',
        to: 'upload',
        fromLabel: 'Write',
        title: 'x',
        clears: [],
        documentLabels: {},
        toDocumentLabels: { [DOC_KEY]: 'Personal Statement Document' },
      }),
    ],
  ])('%s within that time keeps the file: nothing is deleted', async (_, back) => {
    const calls = recordDocumentCalls({ 'PUT /api/tabs': { message: 'ok' } });
    const store = discardedStore();
    store.dispatch(documentsDiscarded(discard));
    await jest.advanceTimersByTimeAsync(UNDO_TOAST_MS / 2);
    store.dispatch(back);
    await jest.advanceTimersByTimeAsync(UNDO_TOAST_MS * 2);
    expect(calls.map(line).filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(docOf(store, DOC_KEY).file).toEqual({ name: 'essay.pdf', size: 10 });
  });

  it('a file uploaded on the tab an Undo leaves goes once that Undo has had its time, and a toast says so', async () => {
    const calls = recordDocumentCalls({
      'PUT /api/tabs': { message: 'ok' },
      'DELETE /api/pdf/document-answer/:key': { message: 'The file was removed.' },
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
    });
    // The switch to Upload cleared the essay; a file was uploaded there; then the switch's Undo.
    const store = discardedStore();
    store.dispatch(
      tabSwitchUndone({
        tabId: 'personal_statement',
        tab: 'write',
        answers: { personal_statement_essay: 'Engines and numbers.' },
        title: 'x',
        leaves: { tab: 'upload', documentLabels: { [DOC_KEY]: 'Personal Statement Document' } },
      }),
    );
    await until(() => store.getState().notifications.toasts.length > 0, 50);
    expect(store.getState().notifications.toasts.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: 'File removed', message: 'Your uploaded file essay.pdf was removed.' },
    ]);
    await jest.advanceTimersByTimeAsync(UNDO_TOAST_MS - 100);
    expect(calls.map(line).filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await until(() => docOf(store, DOC_KEY).file === null, 50);
    expect(calls.map(line).filter((call) => call.startsWith('DELETE'))).toEqual(deletes);
  });

  it('another tab group chosen again does not keep it', async () => {
    const calls = recordDocumentCalls({
      'DELETE /api/pdf/document-answer/:key': { message: 'The file was removed.' },
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
    });
    const store = discardedStore();
    store.dispatch(documentsDiscarded(discard));
    store.dispatch(documentsKept({ tabId: 'other_group', tab: 'upload' }));
    await until(() => docOf(store, DOC_KEY).file === null, 50);
    expect(calls.map(line)).toEqual(deletes);
  });
});

describe('a reset fetches the document and conversion data again', () => {
  it('a question shown after the profile loaded fetches both; a conversion still running is followed', async () => {
    const calls = recordDocumentCalls({
      'GET /api/document-answer': {},
      'GET /api/pdf/document-answer/:key': sequence(
        { status: 'in_progress', message: '' },
        { status: 'completed', message: '' },
      ),
      'GET /api/profile': profile({ [DOC_KEY]: ANSWERED }, 4),
    });
    const store = storeFor();
    const seen = phases(store);
    store.dispatch(documentQuestionShown({ key: DOC_KEY }));
    await until(() => seen.at(-1) === 'converting');
    expect(seen).toEqual(['checking', 'converting']);
    expect(calls.map(line).sort()).toEqual(['GET /api/document-answer', `GET ${STATUS_PATH}`]);
    expect(docOf(store, DOC_KEY).notice).toBe('Converting your file to PDF…');
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
  });

  it('nothing running: the check just ends', async () => {
    recordDocumentCalls({
      'GET /api/document-answer': { [DOC_KEY]: { file_name: 'essay.docx', file_size: 2048 } },
      'GET /api/pdf/document-answer/:key': { status: 'completed', message: '' },
    });
    const store = storeFor({ [DOC_KEY]: ANSWERED });
    store.dispatch(documentQuestionShown({ key: DOC_KEY }));
    await until(() => docOf(store, DOC_KEY)?.phase === 'idle');
    expect(docOf(store, DOC_KEY).file).toEqual({ name: 'essay.docx', size: 2048 });
  });

  it('not before the profile is loaded, and never for visitors', async () => {
    const calls = recordDocumentCalls({ 'GET /api/document-answer': {} });
    const loading = storeFor({}, [], undefined, { profile_loaded: false });
    loading.dispatch(documentQuestionShown({ key: DOC_KEY }));
    const visitor = makeDocumentsStore();
    visitor.dispatch(documentQuestionShown({ key: DOC_KEY }));
    await jest.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([]);
  });

  it('a logout cancels a conversion being followed', async () => {
    const calls = recordDocumentCalls(
      happyRoutes({ 'GET /api/pdf/document-answer/:key': sequence({ status: 'in_progress', message: '' }) }),
    );
    const store = storeFor();
    choose(store, 'essay.pdf', 10, 'application/pdf');
    await until(() => docOf(store, DOC_KEY)?.phase === 'converting');
    await jest.advanceTimersByTimeAsync(CONVERSION_POLL_MS);
    store.dispatch(userLoggedOut());
    const made = calls.length;
    await jest.advanceTimersByTimeAsync(5 * CONVERSION_POLL_MS);
    expect(calls).toHaveLength(made);
    expect(docOf(store, DOC_KEY)).toBeUndefined();
    expect(toastsOf(store)).toEqual([]);
  });
});

describe('the PDF copy', () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks for the current copy, polls every second while it is made, then downloads its url', async () => {
    const calls = recordDocumentCalls({
      'GET /api/pdf': sequence(
        { status: 'unprocessed' },
        { status: 'IN_PROGRESS' },
        { status: 'completed', url: PDF_URL },
      ),
    });
    const store = storeFor();
    store.dispatch(pdfDownloadRequested());
    await until(() => calls.length === 1);
    await jest.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS - 100);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(PDF_POLL_FIRST_MS);
    await until(() => clicked.length === 1);
    expect(clicked).toEqual([`${PDF_URL} application.pdf`]);
    expect(calls.map(line)).toEqual(['GET /api/pdf', 'GET /api/pdf', 'GET /api/pdf']);
    await until(() => !documentsDownloading(store));
  });

  it('failed: the error toast', async () => {
    recordDocumentCalls({
      'GET /api/pdf': { status: 'FAILED', message: 'The PDF copy of your application could not be made.' },
    });
    const store = storeFor();
    store.dispatch(pdfDownloadRequested());
    await until(() => toastsOf(store).length === 1);
    expect(toastsOf(store)).toEqual([
      { severity: 'error', title: PDF_ERROR, message: 'The PDF copy of your application could not be made.' },
    ]);
    expect(PDF_ERROR).toBe('Error downloading PDF copy of your application.');
    expect(clicked).toEqual([]);
  });

  it('no answer: the error toast with the generic message', async () => {
    recordDocumentCalls({ 'GET /api/pdf': () => HttpResponse.error() });
    const store = storeFor();
    store.dispatch(pdfDownloadRequested());
    await until(() => toastsOf(store).length === 1);
    expect(toastsOf(store)[0]).toMatchObject({ title: PDF_ERROR, message: GENERIC_ERROR });
  });
});

function documentsDownloading(store: ReturnType<typeof makeDocumentsStore>) {
  return (store.getState() as unknown as { documents: DocumentsState }).documents.pdfDownloading;
}
