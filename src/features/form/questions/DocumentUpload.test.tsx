/**
 * The document question as the applicant uses it (the Final Steps personal statement tabs): progress and status
 * while uploading and converting, the stored file, each file rule's message on the field, a failure on the field,
 * delete behind its confirm dialog, and the tabs: leaving a tab that holds a file deletes it; while an upload runs
 * (or the tab's data is still being fetched) the switch is refused with the 'File Upload in Progress' dialog.
 */
import { FILE_REMOVED_TITLE, fileRemoved, fileWillDelete } from '../../tabs/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../tests/msw/server';
import {
  DOC_KEY,
  DOC_LABEL,
  documentHandlers,
  gate,
  recordDocumentCalls,
  refusal,
  UPLOAD_FIELDS,
  UPLOAD_URL,
  type RecordedCall,
} from '../../../../tests/msw/documents';
import { PERSONAL_STATEMENT } from '../../../kernel/form/definition/finalSteps';
import { QuestionRenderer } from '../renderer/QuestionRenderer';
import { formState, LOGGED_IN, SECTION } from '../testing';
import { IDLE_DOCUMENT, type DocumentState } from '../../documents/documentsSlice';
import { FILE_MESSAGES } from '../../../kernel/documents/fileRules';
import {
  ANSWERED,
  DELETE_CONFIRM,
  FILE_NAME_HINT,
  TAB_BLOCKED,
  TAB_BLOCKED_TITLE,
  uploadErrorTitle,
  VISITOR_UPLOAD_MESSAGE,
} from '../../../kernel/documents/messages';
import { docOf, fileOf, renderWithDocuments, toastsOf, valuesOf } from '../../documents/testing';

const line = (c: RecordedCall) => `${c.method} ${c.path}`;
const STORED: DocumentState = { ...IDLE_DOCUMENT, file: { name: 'essay.pdf', size: 12_345 } };

function renderTabs({
  values = {},
  tab = 'upload',
  doc,
  session = LOGGED_IN,
}: {
  values?: Record<string, string | boolean>;
  tab?: string;
  doc?: DocumentState;
  session?: typeof LOGGED_IN;
} = {}) {
  const rendered = renderWithDocuments(<QuestionRenderer question={PERSONAL_STATEMENT} section={SECTION} />, {
    state: formState({ session, values, tabs: { personal_statement: tab } }),
    documents: doc ? { byKey: { [DOC_KEY]: doc } } : undefined,
  });
  // Files outside the input's accept list must reach the app too (it checks them itself).
  return { ...rendered, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

const input = () => screen.getByLabelText('Personal Statement Document');
const status = () => screen.getByRole('status');

beforeEach(() => server.use(...documentHandlers));

describe('uploading', () => {
  it('progress and a polite status while uploading and converting; then the stored file', async () => {
    const uploadArrived = gate();
    const uploadAnswer = gate();
    const polled = gate();
    const calls = recordDocumentCalls({
      'POST /api/presigned-url': { url: UPLOAD_URL, fields: UPLOAD_FIELDS },
      'POST /api/upload': async () => {
        uploadArrived.open();
        await uploadAnswer.opened;
        return new HttpResponse(null, { status: 204 });
      },
      'POST /api/pdf/document-answer/:key': { status: 'unprocessed', message: '' },
      'GET /api/pdf/document-answer/:key': () => {
        // The check when the question shows says nothing runs; the poll after the upload says completed.
        if (calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/pdf/'))) {
          polled.open();
          return HttpResponse.json({ status: 'completed', message: '' });
        }
        return HttpResponse.json({ status: 'not_answered', message: '' });
      },
      'GET /api/document-answer': () =>
        HttpResponse.json(
          calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/pdf/'))
            ? { [DOC_KEY]: { file_name: 'essay.pdf', file_size: 12_345 } }
            : {},
        ),
      'GET /api/profile': {
        username: 'ada@example.com',
        last_page: null,
        successful_login: [],
        web_status: [],
        answer: { [DOC_KEY]: ANSWERED },
        version: 2,
        document_answer: {},
      },
    });
    const { store, user } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('idle'));
    expect(input()).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');

    await user.upload(input(), fileOf('essay.pdf', 12_345, 'application/pdf'));
    await act(() => uploadArrived.opened);
    const uploading = await screen.findByRole('progressbar', { name: 'Uploading essay.pdf' });
    expect(uploading).toHaveAttribute('max', '100');
    expect(status()).toHaveTextContent('Uploading essay.pdf…');
    expect(input()).toHaveAttribute('aria-disabled', 'true');

    uploadAnswer.open();
    expect(await screen.findByRole('progressbar', { name: 'Converting essay.pdf to PDF…' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Converting essay.pdf to PDF…');

    // The first poll comes 2 s later.
    await act(() => polled.opened);
    await waitFor(() => expect(status()).toHaveTextContent('essay.pdf was uploaded.'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('essay.pdf')).toBeInTheDocument();
    expect(screen.getByText(/^Uploaded file:/)).toHaveTextContent('Uploaded file: essay.pdf (12 KB)');
    expect(screen.getByRole('button', { name: 'Delete file' })).toHaveAccessibleDescription(
      'Uploaded file: essay.pdf (12 KB)',
    );
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
    expect(input()).not.toHaveAttribute('aria-disabled');
  }, 15_000);

  it.each([
    ['too large', fileOf('big.pdf', 1_000_001, 'application/pdf'), FILE_MESSAGES.tooLarge],
    ['a type not allowed', fileOf('notes.txt', 20, 'text/plain'), FILE_MESSAGES.wrongType],
    ['a name too long', fileOf(`${'n'.repeat(29)}.docx`, 20, ''), FILE_MESSAGES.nameTooLong],
    ['empty', fileOf('empty.pdf', 0, 'application/pdf'), FILE_MESSAGES.empty],
  ])('%s: the SPEC message on the field, nothing sent', async (_name, file, message) => {
    const calls = recordDocumentCalls({ 'POST /api/presigned-url': { url: UPLOAD_URL, fields: UPLOAD_FIELDS } });
    const { user } = renderTabs();
    await user.upload(input(), file);
    await waitFor(() => expect(input()).toHaveAttribute('aria-invalid', 'true'));
    expect(input()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByText(message, { selector: '.form-error' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('the hint names the length limit of a file name after the question’s own', async () => {
    const { store } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('idle'));
    expect(FILE_NAME_HINT).toBe('The file name can have at most 32 characters, including the extension.');
    expect(input()).toHaveAccessibleDescription(
      'A .pdf, .docx, .png, .jpeg or .jpg file of at most 1 MB. ' + FILE_NAME_HINT,
    );
  });

  it('a name too long: SPEC’s message, an offer of a shorter name, and one press (by keyboard) uploads it so', async () => {
    const converted = () => calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/pdf/'));
    const calls = recordDocumentCalls({
      'POST /api/presigned-url': { url: UPLOAD_URL, fields: UPLOAD_FIELDS },
      'POST /api/upload': () => new HttpResponse(null, { status: 204 }),
      'POST /api/pdf/document-answer/:key': { status: 'completed', message: '' },
      'GET /api/pdf/document-answer/:key': () =>
        HttpResponse.json({ status: converted() ? 'completed' : 'not_answered', message: '' }),
      'GET /api/document-answer': () =>
        HttpResponse.json(
          converted() ? { [DOC_KEY]: { file_name: 'Personal-Statement-Maria-He.docx', file_size: 20 } } : {},
        ),
    });
    const { store, user } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('idle'));
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await user.upload(input(), fileOf('Personal-Statement-Maria-Hernandez.docx', 20, docx));

    // SPEC's message on the field as ever; the offer names the shorter name before anything is sent.
    await waitFor(() => expect(input()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(FILE_MESSAGES.nameTooLong, { selector: '.form-error' })).toBeVisible();
    const offer = screen.getByRole('button', { name: 'Upload as Personal-Statement-Maria-He.docx' });
    expect(screen.getByText(/^You can upload it as/)).toHaveTextContent(
      'You can upload it as Personal-Statement-Maria-He.docx instead. Only its name changes.',
    );
    // Announced: the error and what to do about it, in the polite status line; the input describes both.
    expect(status()).toHaveTextContent(
      `${FILE_MESSAGES.nameTooLong} You can upload it as Personal-Statement-Maria-He.docx instead.`,
    );
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Only its name changes.'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    // The offer is the next stop after the input.
    input().focus();
    await user.tab();
    expect(offer).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(status()).toHaveTextContent('Personal-Statement-Maria-He.docx was uploaded.'));
    const upload = calls.find((c) => c.path === UPLOAD_URL);
    expect(upload?.body).toContainEqual(['file', { file: 'Personal-Statement-Maria-He.docx', size: 20, type: docx }]);
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/api/pdf/'))?.body).toEqual({
      file_key: UPLOAD_FIELDS.key,
      file_name: 'Personal-Statement-Maria-He.docx',
    });
    expect(screen.getByText(/^Uploaded file:/)).toHaveTextContent('Uploaded file: Personal-Statement-Maria-He.docx');
    expect(screen.queryByRole('button', { name: /^Upload as/ })).not.toBeInTheDocument();
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
  }, 15_000);

  it('a name too long, then another file: the offer goes', async () => {
    recordDocumentCalls({});
    const { store, user } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('idle'));
    await user.upload(input(), fileOf(`${'n'.repeat(29)}.docx`, 20, ''));
    expect(await screen.findByRole('button', { name: `Upload as ${'n'.repeat(27)}.docx` })).toBeInTheDocument();
    await user.upload(input(), fileOf('notes.txt', 20, 'text/plain'));
    await waitFor(() => expect(screen.getByText(FILE_MESSAGES.wrongType, { selector: '.form-error' })).toBeVisible());
    expect(screen.queryByRole('button', { name: /^Upload as/ })).not.toBeInTheDocument();
    expect(status()).toHaveTextContent(FILE_MESSAGES.wrongType);
  });

  it('a failure: the message on the field and the error toast; the answer is cleared', async () => {
    const calls = recordDocumentCalls({
      'POST /api/presigned-url': { url: UPLOAD_URL, fields: UPLOAD_FIELDS },
      'POST /api/upload': () => refusal(415, 'This file is not really a PDF.'),
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
    });
    const { store, user } = renderTabs({ values: { [DOC_KEY]: ANSWERED } });
    await user.upload(input(), fileOf('fake.pdf', 10, 'application/pdf'));
    await waitFor(() => expect(input()).toHaveAccessibleDescription(/This file is not really a PDF\./));
    expect(status()).toHaveTextContent('This file is not really a PDF.');
    expect(toastsOf(store)).toContainEqual({
      severity: 'error',
      title: uploadErrorTitle(DOC_LABEL),
      message: 'This file is not really a PDF.',
    });
    expect(valuesOf(store)[DOC_KEY]).toBeUndefined();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The file stored before goes with its answer.
    await waitFor(() => expect(calls.map(line)).toContain(`DELETE /api/document-answer/${DOC_KEY}`));
  });

  it('a visitor cannot upload', () => {
    renderTabs({ session: {} });
    expect(screen.queryByLabelText('Personal Statement Document')).not.toBeInTheDocument();
  });

  it('a visitor sees the message when the upload tab is their only content', () => {
    renderWithDocuments(<QuestionRenderer question={PERSONAL_STATEMENT.tabs[1].questions[0]} section={SECTION} />, {
      state: formState(),
    });
    expect(screen.getByText(VISITOR_UPLOAD_MESSAGE)).toBeInTheDocument();
  });
});

describe('delete', () => {
  it('asks first; Cancel keeps the file, Delete removes the conversion and the document answer', async () => {
    const calls = recordDocumentCalls({
      'DELETE /api/pdf/document-answer/:key': { message: 'The file was removed.' },
      'DELETE /api/document-answer/:key': { message: 'The file was removed.' },
      'GET /api/document-answer': { [DOC_KEY]: { file_name: 'essay.pdf', file_size: 12_345 } },
    });
    const { store, user } = renderTabs({ values: { [DOC_KEY]: ANSWERED }, doc: STORED });
    await waitFor(() => expect(docOf(store, DOC_KEY).phase).toBe('idle'));

    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(dialog).toHaveTextContent(DELETE_CONFIRM);
    expect(DELETE_CONFIRM).toBe('Are you sure you want to delete your file?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(status()).toHaveTextContent('Your file was deleted.'));
    expect(calls.filter((c) => c.method !== 'GET').map(line)).toEqual([
      `DELETE /api/pdf/document-answer/${DOC_KEY}`,
      `DELETE /api/document-answer/${DOC_KEY}`,
    ]);
    expect(screen.queryByRole('button', { name: 'Delete file' })).not.toBeInTheDocument();
    expect(valuesOf(store)[DOC_KEY]).toBeUndefined();
  });
});

describe('tabs', () => {
  it('leaving the upload tab with a file asks first, offers Undo, and deletes nothing meanwhile', async () => {
    const calls = recordDocumentCalls({
      'PUT /api/tabs': { message: 'ok' },
      'GET /api/document-answer': { [DOC_KEY]: { file_name: 'essay.pdf', file_size: 12_345 } },
    });
    const { store, user } = renderTabs({ values: { [DOC_KEY]: ANSWERED }, doc: STORED });
    await waitFor(() => expect(docOf(store, DOC_KEY).phase).toBe('idle'));
    await user.click(screen.getByRole('tab', { name: 'Write your statement' }));
    // The applicant is asked first, and told the file can be brought back for a few seconds.
    const ask = await screen.findByRole('dialog', { name: 'Switch to Write your statement?' });
    expect(ask).toHaveTextContent(fileWillDelete('essay.pdf'));
    expect(ask).not.toHaveTextContent('What you typed');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Switch and clear' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'essay' }));
    expect(screen.getByRole('tab', { name: 'Write your statement' })).toHaveAttribute('aria-selected', 'true');
    expect(valuesOf(store)[DOC_KEY]).toBeUndefined();
    const toast = store.getState().notifications.toasts.at(-1)!;
    expect(toast).toMatchObject({ title: FILE_REMOVED_TITLE, message: fileRemoved('essay.pdf') });
    expect(toast.action?.label).toBe('Undo');
    // The file stays on the server until the Undo's time is over (the Documents listeners' tests).
    expect(calls.filter((c) => c.method !== 'GET').map(line)).toEqual(['PUT /api/tabs']);

    // Undo: the upload tab comes back with its file and its ANSWERED mark; nothing was deleted.
    store.dispatch(toast.action!.intent);
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
    expect(docOf(store, DOC_KEY).file).toMatchObject({ name: 'essay.pdf' });
    expect(screen.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.filter((c) => c.method !== 'GET').map(line)).toEqual(['PUT /api/tabs', 'PUT /api/tabs']);
  });

  it('leaving a tab without a file deletes nothing', async () => {
    const calls = recordDocumentCalls({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('idle'));
    await user.click(screen.getByRole('tab', { name: 'Write your statement' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'essay' }));
    expect(calls.map(line)).toEqual(['PUT /api/tabs']);
  });

  it.each([
    ['a conversion runs', { ...STORED, phase: 'converting' as const }],
    ['a file is uploading', { ...STORED, phase: 'uploading' as const, progress: 30 }],
  ])('blocked while %s: the File Upload in Progress dialog, the tab stays', async (_name, doc) => {
    const calls = recordDocumentCalls({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderTabs({ values: { [DOC_KEY]: ANSWERED }, doc });
    await user.click(screen.getByRole('tab', { name: 'Write your statement' }));
    const dialog = await screen.findByRole('dialog', { name: TAB_BLOCKED_TITLE });
    expect(TAB_BLOCKED_TITLE).toBe('File Upload in Progress');
    expect(dialog).toHaveTextContent(TAB_BLOCKED);
    expect(TAB_BLOCKED).toBe('Please wait until the file upload has completed.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
    expect(valuesOf(store)[DOC_KEY]).toBe(ANSWERED);
  });

  it('blocked while the tab’s data is still being fetched', async () => {
    const answer = gate();
    server.use(
      http.get('*/api/document-answer', async () => {
        await answer.opened;
        return HttpResponse.json({});
      }),
    );
    const calls = recordDocumentCalls({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderTabs();
    await waitFor(() => expect(docOf(store, DOC_KEY)?.phase).toBe('checking'));
    // The file input says so meanwhile (nothing else shows).
    const input = screen.getByLabelText('Personal Statement Document', { exact: false, selector: 'input' });
    expect(input).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByRole('tab', { name: 'Write your statement' }));
    expect(await screen.findByRole('dialog', { name: TAB_BLOCKED_TITLE })).toBeInTheDocument();
    expect(calls).toEqual([]);
    answer.open();
    await waitFor(() => expect(docOf(store, DOC_KEY).phase).toBe('idle'));
    expect(input).not.toHaveAttribute('aria-busy');
  });
});

describe('read-only (the print view)', () => {
  it('the mark and the file name', () => {
    renderWithDocuments(
      <QuestionRenderer question={PERSONAL_STATEMENT.tabs[1].questions[0]} section={SECTION} readOnly />,
      { state: formState({ values: { [DOC_KEY]: ANSWERED } }), documents: { byKey: { [DOC_KEY]: STORED } } },
    );
    expect(screen.getByText('[X] Document uploaded')).toBeInTheDocument();
    expect(screen.getByText('essay.pdf (12 KB)')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
