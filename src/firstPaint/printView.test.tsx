import { screen } from '@testing-library/react';
import { server } from '../../tests/msw/server';
import type { PrintViewBundle } from '../services/api';
import { REVIEW_LOADING } from '../kernel/messages';
import { renderPrintView } from './renderPrintView';

// React's Node server build (what the server runs) schedules its work with setImmediate, which jsdom lacks.
globalThis.setImmediate ??= ((callback: () => void) => setTimeout(callback, 0)) as unknown as typeof setImmediate;

const BUNDLE: PrintViewBundle = {
  answer: {
    first_name: 'Mary',
    last_name: 'Somerville',
    gender: 'F',
    gender_desc: 'Female',
    city: 'Jedburgh',
    activity_name: 'Astronomy club',
    activity_2_name: 'Translation',
    personal_statement_doc: 'ANSWERED',
  },
  add_another: { activity: 2 },
  document_answer: { personal_statement_doc: { file_name: 'essay.docx', file_size: 2048 } },
  tabs: { personal_statement: 'upload' },
};

describe('the print view’s page (rendered per request by the server)', () => {
  it('is the review of the bundle’s answers, rendered without a request', async () => {
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => requests.push(request.url);
    server.events.on('request:start', onRequest);
    let page: Awaited<ReturnType<typeof renderPrintView>>;
    try {
      page = await renderPrintView('/about', 'tok', BUNDLE);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(requests).toEqual([]);
    expect(page.title).toBe('Mary Somerville - Undergraduate Admission Application');
    document.body.innerHTML = page.markup;
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mary Somerville' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Documents',
      'About You',
      'Your Academics',
      'Final Steps',
    ]);
    // Each document is a link the server renders with the page's token.
    expect(screen.getByRole('link', { name: 'Personal Statement Document: essay.docx (PDF)' })).toHaveAttribute(
      'href',
      '/service/document?service_token=tok&key=personal_statement_doc',
    );
    expect(screen.getByText('[X] Female')).toBeInTheDocument();
    expect(screen.getByText('Jedburgh')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Activities' })).toHaveTextContent('Translation');
    expect(screen.getByText('essay.docx (2 KB)')).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_LOADING)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(document.querySelector('script, input, select, textarea')).toBeNull();
  });

  it('on any form page, and without a name the fallback title', async () => {
    const page = await renderPrintView('/final-steps', 'tok', { ...BUNDLE, answer: { city: 'Jedburgh' } });
    expect(page.title).toBe('Application - Undergraduate Admission Application');
    document.body.innerHTML = page.markup;
    expect(screen.getByRole('heading', { level: 1, name: 'Application' })).toBeInTheDocument();
    expect(screen.getByText('Jedburgh')).toBeInTheDocument();
  });

  it('only for a form page: elsewhere the app decides what a service user sees', async () => {
    await expect(renderPrintView('/check-answers', 'tok', BUNDLE)).rejects.toThrow('/check-answers is not a form page');
  });

  it('writes what an applicant typed as text, never as markup', async () => {
    const page = await renderPrintView('/about', 'tok', {
      ...BUNDLE,
      answer: { first_name: '<img src=x onerror=alert(1)>', city: '</main><script>alert(1)</script>' },
    });
    document.body.innerHTML = page.markup;
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.getByText('</main><script>alert(1)</script>')).toBeInTheDocument();
  });
});
