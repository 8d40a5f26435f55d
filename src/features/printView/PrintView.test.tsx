/**
 * The print view (SPEC §1): ?service_token= shows one read-only, print-style view of all three pages for that
 * applicant, from the form definition: h1 the applicant's name, an h2 per page, [X] / [ ] marks, and no inputs,
 * buttons, separators, header, footer, modals or navigation. An invalid or expired token shows the server's
 * message; answers held before (another applicant's, a visitor's) never show.
 */
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { DOC_KEY, gate, recordDocumentCalls } from '../../../tests/msw/documents';
import { completeApplication } from '../../kernel/form/definition/sampleAnswers';
import { formState } from '../form/testing';
import { renderAppWithDocuments } from '../documents/testing';
import { REVIEW_LOADING } from '../../kernel/messages';

const LINK_INVALID = 'This link is invalid or has expired.';
const EARLIER = { first_name: 'Eve', last_name: 'Earlier', city: 'Elsewhere' };

function bundle(answer: Record<string, string | boolean> = completeApplication()) {
  return {
    answer: { ...answer, personal_statement_doc: 'ANSWERED' },
    add_another: { activity: 2 },
    document_answer: { [DOC_KEY]: { file_name: 'essay.pdf', file_size: 12_345 } },
    tabs: { personal_statement: 'upload' },
    applicant: { username: 'ada@example.com', id: '42', submitted_at: '2026-11-20T15:04:00.000Z', updated_at: null },
  };
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

function expectNothingEarlier() {
  for (const text of Object.values(EARLIER)) expect(screen.queryByText(new RegExp(text))).not.toBeInTheDocument();
}

describe.each(['/about', '/education', '/final-steps'])('%s?service_token=…', (path) => {
  it('all three pages of the applicant, read-only, as one print-style view', async () => {
    const calls = recordDocumentCalls({ 'GET /service/tmp-pdf': bundle() });
    const { container } = renderAppWithDocuments(`${path}?service_token=svc-123`, {
      state: formState({ values: EARLIER }),
    });
    await h1('Ada Lovelace');
    expect(calls).toEqual([{ method: 'GET', path: '/service/tmp-pdf' }]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Documents',
      'About You',
      'Your Academics',
      'Final Steps',
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Personal Statement' })).toBeInTheDocument();
    expect(document.title).toBe('Ada Lovelace - Undergraduate Admission Application');

    // Values as text and [X] / [ ] marks.
    expect(screen.getByText('[X] Female')).toBeInTheDocument();
    expect(screen.getByText('[ ] Male')).toBeInTheDocument();
    expect(screen.getByText('[X] Single')).toBeInTheDocument();
    expect(screen.getByText('[ ] Married')).toBeInTheDocument();
    expect(screen.getByText('[X] Document uploaded')).toBeInTheDocument();
    expect(screen.getByText('essay.pdf (12 KB)')).toBeInTheDocument();
    expect(screen.getByText('1 Main Street')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Activity 2' })).toBeInTheDocument();
    expectNothingEarlier();

    // Nothing to operate, and no page chrome.
    const main = screen.getByRole('main');
    for (const role of [
      'textbox',
      'combobox',
      'radio',
      'checkbox',
      'button',
      'tab',
      'tablist',
      'dialog',
      'progressbar',
    ]) {
      expect(within(main).queryAllByRole(role)).toHaveLength(0);
    }
    expect(container.querySelectorAll('input, select, textarea, button, hr')).toHaveLength(0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});

describe('what never shows', () => {
  it('answers held before: not while the bundle loads, nor after', async () => {
    const open = gate();
    recordDocumentCalls({
      'GET /service/tmp-pdf': async () => {
        await open.opened;
        return HttpResponse.json(bundle({ first_name: 'Ada', last_name: 'Lovelace', gender: 'F' }));
      },
    });
    renderAppWithDocuments('/about?service_token=svc-123', { state: formState({ values: EARLIER }) });
    expect(await screen.findByText(REVIEW_LOADING, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Application' })).toBeInTheDocument();
    expectNothingEarlier();
    open.open();
    await h1('Ada Lovelace');
    expectNothingEarlier();
  });

  it('an invalid or expired token: the server’s message, and no answers', async () => {
    recordDocumentCalls({
      'GET /service/tmp-pdf': () => HttpResponse.json({ message: LINK_INVALID, code: 'NotFound' }, { status: 404 }),
    });
    renderAppWithDocuments('/about?service_token=expired', { state: formState({ values: EARLIER }) });
    await h1('Application');
    // Once: the layout's inline error announces it (role alert), and the page does not repeat it.
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_INVALID);
    expect(screen.getAllByText(LINK_INVALID, { exact: false })).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByText(REVIEW_LOADING)).not.toBeInTheDocument();
    expectNothingEarlier();
    expect(within(screen.getByRole('main')).queryAllByRole('button')).toHaveLength(0);
  });

  it('no name given: the h1 says Application', async () => {
    recordDocumentCalls({ 'GET /service/tmp-pdf': bundle({ gender: 'M' }) });
    renderAppWithDocuments('/about?service_token=svc-123');
    await h1('Application');
    expect(await screen.findByText('[X] Male')).toBeInTheDocument();
  });
});

describe('what staff read first, and only answers', () => {
  it('a header with the email, the ID and the submitted date; a link to each converted document', async () => {
    recordDocumentCalls({ 'GET /service/tmp-pdf': bundle() });
    renderAppWithDocuments('/about?service_token=svc-123', { state: formState({}) });
    await h1('Ada Lovelace');
    const header = screen.getByText('ada@example.com').closest('dl')!;
    expect(within(header).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(header).getByText('42')).toBeInTheDocument();
    // In the college's zone, named: 15:04 UTC is 10:04 in New York.
    expect(within(header).getByText('Submitted November 20, 2026 at 10:04 AM EST')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Personal Statement Document: essay.pdf (PDF)' });
    expect(link).toHaveAttribute('href', '/service/document?service_token=svc-123&key=personal_statement_doc');
    // Without the PDF copy's layout (the app's own page), the document is said to be appended to the copy.
    expect(link.closest('li')).toHaveTextContent(
      /^Personal Statement Document: essay\.pdf \(PDF\), appended to the PDF copy$/,
    );
  });

  it('says on which pages of the PDF copy each document is, when the server laid the copy out', async () => {
    recordDocumentCalls({
      'GET /service/tmp-pdf': { ...bundle(), document_pages: { [DOC_KEY]: { first: 7, last: 9 } } },
    });
    renderAppWithDocuments('/about?service_token=svc-123', { state: formState({}) });
    await h1('Ada Lovelace');
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('listitem')).toHaveTextContent(
      'Personal Statement Document: essay.pdf (PDF), pages 7–9 of the PDF copy',
    );
  });

  it('unanswered questions, empty entries and help text are left out; a page without answers says so', async () => {
    recordDocumentCalls({
      'GET /service/tmp-pdf': {
        ...bundle(),
        answer: { first_name: 'Ada', last_name: 'Lovelace', activity_name: 'Chess' },
        document_answer: {},
      },
    });
    renderAppWithDocuments('/about?service_token=svc-123', { state: formState({}) });
    await h1('Ada Lovelace');
    expect(screen.queryByText('Not answered')).not.toBeInTheDocument();
    expect(screen.getByText('Chess')).toBeInTheDocument();
    // Two activity entries are stored; only the one with an answer shows.
    expect(
      screen.getAllByText(/^Activity \d$/).filter((legend) => legend.closest('fieldset:not([hidden])')),
    ).toHaveLength(1);
    const finalSteps = screen.getByRole('heading', { level: 2, name: 'Final Steps' }).closest('section')!;
    expect(within(finalSteps).getByText('No answers on this page.')).toBeInTheDocument();
  });
});
