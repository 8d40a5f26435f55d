import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderApp } from '../../tests/renderWithProviders';
import { server } from '../../tests/msw/server';
import type { ServiceBundle } from '../services/api';
import { REVIEW_LOADING } from '../features/review/StaffReview';
import { withoutIds } from './inertMarkup';

// React's Node server build (what the server runs) schedules its work with setImmediate, which jsdom lacks.
globalThis.setImmediate ??= ((callback: () => void) => setTimeout(callback, 0)) as unknown as typeof setImmediate;

const BUNDLE: ServiceBundle = {
  answer: {
    first_name: 'Mary',
    last_name: 'Somerville',
    gender: 'F',
    gender_desc: 'Female',
    city: 'Jedburgh',
    activity_name: 'Astronomy club',
    activity_2_name: 'Translation',
  },
  add_another: { activity: 2 },
  document_answer: {},
  tabs: {},
};

/**
 * The shell as the server renders it: with its own copy of the app and of React (a bundle of its own,
 * webpack.config.ts), as here an isolated module registry. One React rendering for the server and the browser in
 * turn would share the contexts the server's renderer leaves set.
 */
async function renderStaffShell(...args: Parameters<typeof import('./renderStaffShell').renderStaffShell>) {
  let markup = '';
  await jest.isolateModulesAsync(async () => {
    markup = await (await import('./renderStaffShell')).renderStaffShell(...args);
  });
  return markup;
}

/** A page as the server sends it: the staff shell, then the app's root. */
function showShell(markup: string) {
  const shell = document.createElement('div');
  shell.id = 'shell';
  shell.innerHTML = withoutIds(markup);
  document.body.prepend(shell);
  return shell;
}

describe('the staff view’s shell (rendered per request by the server)', () => {
  afterEach(() => document.getElementById('shell')?.remove());

  it('is the review of the bundle’s answers, rendered without a request', async () => {
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => requests.push(request.url);
    server.events.on('request:start', onRequest);
    try {
      document.body.innerHTML = await renderStaffShell('/about', 'tok', BUNDLE);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(requests).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Mary Somerville' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your Academics' })).toBeInTheDocument();
    expect(screen.getByText('[X] Female')).toBeInTheDocument();
    expect(screen.getByText('Jedburgh')).toBeInTheDocument();
    expect(screen.getByText('Translation')).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_LOADING)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('on any form page of the staff view', async () => {
    document.body.innerHTML = await renderStaffShell('/final-steps', 'tok', BUNDLE);
    expect(screen.getByRole('heading', { level: 1, name: 'Mary Somerville' })).toBeInTheDocument();
  });

  it('stays until the app’s own review is ready, which is the same markup and replaces it', async () => {
    const markup = await renderStaffShell('/about', 'tok', BUNDLE);
    document.body.innerHTML = '';
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/service/tmp-pdf', async () => {
        await answered;
        return HttpResponse.json(BUNDLE);
      }),
    );
    const shell = showShell(markup);
    const { container } = renderApp('/about?service_token=tok');
    // The app's loading line is there (hidden under the shell by the page's CSS); the shell stays meanwhile.
    expect(await screen.findByText(REVIEW_LOADING)).toBeInTheDocument();
    expect(shell.isConnected).toBe(true);
    answer();
    await waitFor(() => expect(shell.isConnected).toBe(false));
    expect(screen.getAllByRole('heading', { level: 1, name: 'Mary Somerville' })).toHaveLength(1);
    // The same elements, attributes and text (the server's markup separates adjacent texts with empty comments).
    const inShell = new DOMParser().parseFromString(withoutIds(markup), 'text/html').querySelector('.review');
    expect(withoutIds(container.querySelector('.review')!.outerHTML)).toBe(inShell!.outerHTML.replace(/<!-- -->/g, ''));
  });

  it('goes when the app is refused the bundle, for the server’s message', async () => {
    const markup = await renderStaffShell('/about', 'tok', BUNDLE);
    document.body.innerHTML = '';
    server.use(
      http.get('*/service/tmp-pdf', async () => {
        await delay(20);
        return HttpResponse.json({ message: 'This link has expired.' }, { status: 404 });
      }),
    );
    const shell = showShell(markup);
    renderApp('/about?service_token=tok');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(shell.isConnected).toBe(false);
    expect(screen.queryByText('Jedburgh')).not.toBeInTheDocument();
  });
});
