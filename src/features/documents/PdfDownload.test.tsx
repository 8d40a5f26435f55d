/**
 * 'Download a PDF copy of your application' (SPEC §4 PDF download status): GET /api/pdf polled every 1000 ms until
 * a first result, then every 600000 ms; 'being prepared' while unprocessed or in_progress; pressing it downloads
 * the current copy's url; failed raises 'Error downloading PDF copy of your application.' once. Only for a
 * logged-in applicant; on /final-steps and /completion.
 */
import { act, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { PDF_POLL_AFTER_RESULT_MS, PDF_POLL_FIRST_MS } from '../../kernel/constants';
import { PDF_URL, recordDocumentCalls, type RecordedCall } from '../../../tests/msw/documents';
import { formState, LOGGED_IN, SERVICE_USER } from '../form/testing';
import { PDF_BUTTON, PDF_ERROR, PDF_PREPARING } from '../../kernel/documents/messages';
import { PdfDownload } from './PdfDownload';
import { renderAppWithDocuments, renderWithDocuments, toastsOf } from './testing';
import { profileOf } from '../../../tests/msw/auth';

const pdfCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/api/pdf').length;

/** Answers in turn; the last one repeats. */
const sequence = (...answers: object[]) => {
  let i = 0;
  return () => HttpResponse.json(answers[Math.min(i++, answers.length - 1)]);
};

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('polling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('every 1000 ms until a first result, then every 600000 ms; "being prepared" meanwhile', async () => {
    const calls = recordDocumentCalls({
      'GET /api/pdf': sequence(
        { status: 'unprocessed' },
        { status: 'in_progress' },
        { status: 'completed', url: PDF_URL },
      ),
    });
    const { store } = renderWithDocuments(<PdfDownload />, { state: formState({ session: LOGGED_IN }) });
    expect(screen.getByRole('button', { name: PDF_BUTTON })).toBeInTheDocument();
    expect(PDF_BUTTON).toBe('Download a PDF copy of your application');
    await advance(100);
    expect(pdfCalls(calls)).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent(PDF_PREPARING);
    await advance(PDF_POLL_FIRST_MS);
    expect(pdfCalls(calls)).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent(PDF_PREPARING);
    await advance(PDF_POLL_FIRST_MS);
    expect(pdfCalls(calls)).toBe(3);
    expect(screen.getByRole('status')).toHaveTextContent('');
    // A result: the next poll only after 600000 ms.
    await advance(PDF_POLL_AFTER_RESULT_MS - 1000);
    expect(pdfCalls(calls)).toBe(3);
    await advance(2000);
    expect(pdfCalls(calls)).toBe(4);
    expect(toastsOf(store)).toEqual([]);
  });

  it('a failed copy: the error toast, once (not again for the same failure)', async () => {
    recordDocumentCalls({
      'GET /api/pdf': { status: 'failed', message: 'The PDF copy of your application could not be made.' },
    });
    const { store } = renderWithDocuments(<PdfDownload />, { state: formState({ session: LOGGED_IN }) });
    await advance(100);
    expect(toastsOf(store)).toEqual([
      { severity: 'error', title: PDF_ERROR, message: 'The PDF copy of your application could not be made.' },
    ]);
    expect(PDF_ERROR).toBe('Error downloading PDF copy of your application.');
    await advance(PDF_POLL_AFTER_RESULT_MS + 100);
    expect(toastsOf(store)).toHaveLength(1);
  });

  it('no answer: the error toast with the generic message', async () => {
    recordDocumentCalls({
      'GET /api/pdf': () => HttpResponse.json({ message: 'Down for a moment.' }, { status: 503 }),
    });
    const { store } = renderWithDocuments(<PdfDownload />, { state: formState({ session: LOGGED_IN }) });
    await advance(100);
    expect(toastsOf(store)).toEqual([{ severity: 'error', title: PDF_ERROR, message: 'Down for a moment.' }]);
  });
});

describe('download', () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('pressing the button downloads the current copy', async () => {
    const calls = recordDocumentCalls({ 'GET /api/pdf': { status: 'completed', url: PDF_URL } });
    const { user } = renderWithDocuments(<PdfDownload />, { state: formState({ session: LOGGED_IN }) });
    await screen.findByRole('button', { name: PDF_BUTTON });
    await user.click(screen.getByRole('button', { name: PDF_BUTTON }));
    await act(async () => {
      for (let i = 0; i < 50 && clicked.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    });
    expect(clicked).toEqual([PDF_URL]);
    expect(pdfCalls(calls)).toBe(2); // the poll's copy, then the current one asked for on pressing
  });
});

describe('who sees it, and where', () => {
  it('not visitors, not staff', () => {
    const { unmount } = renderWithDocuments(<PdfDownload />, { state: formState() });
    expect(screen.queryByRole('button', { name: PDF_BUTTON })).not.toBeInTheDocument();
    unmount();
    renderWithDocuments(<PdfDownload />, { state: formState({ session: { ...SERVICE_USER, is_logged_in: true } }) });
    expect(screen.queryByRole('button', { name: PDF_BUTTON })).not.toBeInTheDocument();
  });

  it.each([
    ['/final-steps', 'Final Steps', { ...LOGGED_IN }],
    ['/completion', 'Application Submitted', { ...LOGGED_IN, web_status: 'submitted' as const }],
  ])('on %s', async (path, title, session) => {
    recordDocumentCalls({
      'GET /api/pdf': { status: 'completed', url: PDF_URL },
      'GET /api/profile': profileOf({
        web_status:
          session.web_status === 'submitted'
            ? [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }]
            : [{ web_status: 'started' }],
        version: 1,
      }),
      'GET /api/add-another': {},
      'GET /api/tabs': {},
      'PUT /api/last-page': { message: 'ok' },
    });
    renderAppWithDocuments(path, { state: formState({ session }) });
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
    expect(await screen.findByRole('button', { name: PDF_BUTTON })).toBeInTheDocument();
  });
});
