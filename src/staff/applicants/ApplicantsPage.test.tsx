import { act, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, READER, renderStaff, staffApiAnswers } from '../testing';
import { NARROW_SCREEN } from './Filters';
import type { Applicant, Applicants } from './endpoints';

const row = (id: number, name: string, extra: Partial<Applicant> = {}): Applicant => ({
  id: String(id),
  applicationId: `APP-${String(id).padStart(6, '0')}`,
  name,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  status: 'submitted',
  submittedAt: '2026-11-20T15:00:00.000Z',
  lastSavedAt: '2026-11-20T14:00:00.000Z',
  entryTerm: 'Fall 2027',
  major: 'BIOL',
  documentsWaiting: 0,
  documentsFailed: 0,
  ...extra,
});

const page = (rows: Applicant[], next: string | null = null): Applicants => ({
  rows,
  next,
  counts: { none: 1, started: 2, validating: 0, submitted: rows.length },
  reportCounts: { complete: 3, awaiting: 4, overdue: 1, declined: 2, bounced: 0 },
});

const listCalls = (calls: ReturnType<typeof staffApiAnswers>) =>
  calls.filter((call) => call.path === '/staff/api/applicants').map((call) => Object.fromEntries(call.query));

describe('the applicant list', () => {
  it('shows the rows, the counts per status and the sort, times in the college’s zone', async () => {
    staffApiAnswers({
      'GET /me': READER,
      'GET /applicants': page([
        row(7, 'Ngozi Okafor', { documentsWaiting: 1, documentsFailed: 2 }),
        row(8, 'Ada Lovelace'),
        row(9, '', { email: 'new@example.com' }),
      ]),
    });
    renderStaff('/staff/applicants');
    const table = await screen.findByRole('table');
    const link = await within(table).findByRole('link', { name: 'Ngozi Okafor' });
    expect(link).toHaveAttribute('href', '/staff/applicants/7');
    expect(within(table).getByText('APP-000007')).toBeVisible();
    expect(within(table).getAllByText('Biology')[0]).toBeVisible();
    // The column counts documents waiting for their conversion or failed: one that converted is in neither.
    expect(within(table).getByRole('columnheader', { name: 'Documents waiting or failed' })).toBeVisible();
    const cells = (name: string) =>
      within(within(table).getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Ngozi Okafor').at(-1)).toBe('1 waiting, 2 failed');
    expect(cells('Ada Lovelace').at(-1)).toBe('None waiting or failed');
    expect(cells('No name yet')[0]).toBe('No name yetnew@example.com');
    // 15:00 UTC is 10:00 in New York (the college's zone, named in the header), whatever the browser's; the full
    // time with seconds is the cell's title.
    const submitted = within(table).getAllByText('Nov 20, 2026, 10:00 AM')[0];
    expect(submitted).toHaveAttribute('title', expect.stringMatching(/10:00:00 AM EST/));
    expect(within(table).getByRole('columnheader', { name: /^Submitted \(America\/New_York\)/ })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText(/Showing 1 to 3 of 6 applicants\. Sorted by last name, ascending\./)).toBeVisible();
    const counts = screen.getByRole('navigation', { name: 'Applicants by status' });
    expect(within(counts).getByRole('link', { name: 'All 6' })).toHaveAttribute('aria-current', 'true');
    expect(within(counts).getByRole('link', { name: 'Started 2' })).toHaveAttribute(
      'href',
      '/staff/applicants?status=started',
    );
  });

  it('searches as one types: one request with q once typing pauses, the address keeping it', async () => {
    const calls = staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const { user, router } = renderStaff('/staff/applicants');
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeVisible();

    const found = staffApiAnswers({ 'GET /applicants': page([row(7, 'Ngozi Okafor')]) });
    await user.type(screen.getByLabelText('Search by name or email'), 'Okafr');
    expect(await screen.findByRole('link', { name: 'Ngozi Okafor' })).toBeVisible();
    expect(router.state.location.search).toBe('?q=Okafr');
    expect(listCalls(found)).toEqual([{ q: 'Okafr' }]);
    expect(listCalls(calls)).toEqual([{}]);
    // A search is listed best match first, with no order to choose; a sort chosen by name goes in the address.
    expect(screen.getByText(/Sorted by best match\./)).toBeVisible();
    expect(screen.getByLabelText('Sort by')).toHaveValue('match');
    expect(screen.queryByLabelText('Order')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'last_name');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Okafr&sort=last_name'));
    expect(await screen.findByText(/Sorted by last name, ascending\./)).toBeVisible();
    // Without the search there is no best match: the sort by name is the default again, out of the address.
    await user.clear(screen.getByLabelText('Search by name or email'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument());
  });

  it('filters by the school report, its options counted, in the address and the request', async () => {
    const calls = staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const { user, router } = renderStaff('/staff/applicants');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const select = screen.getByLabelText('School report');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All applicants',
      'Complete (3)',
      'Awaiting the counselor (4)',
      'Overdue (1)',
      'Declined (2)',
      'Email bounced (0)',
    ]);
    await user.selectOptions(select, 'overdue');
    await waitFor(() => expect(router.state.location.search).toBe('?report=overdue'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ report: 'overdue' }));
    // A shared link's filter is shown as set.
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.getByText('Filters set: school report overdue.')).toBeVisible();
  });

  it('puts filters and sort in the address and the request, and Back returns to the previous ones', async () => {
    const calls = staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const { user, router } = renderStaff('/staff/applicants');
    await screen.findByRole('link', { name: 'Ada Lovelace' });

    await user.click(screen.getByRole('link', { name: /^Submitted/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=submitted'));
    await user.selectOptions(screen.getByLabelText('Applied major'), 'BIOL');
    await user.selectOptions(screen.getByLabelText('Entry term'), 'Fall 2027');
    await user.selectOptions(screen.getByLabelText('Documents waiting or failed'), 'failed');
    await user.type(screen.getByLabelText('Submitted from'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Submitted (America/New_York)' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        status: 'submitted',
        major: 'BIOL',
        term: 'Fall 2027',
        documents: 'failed',
        submittedFrom: '2026-11-01',
        sort: 'submitted',
        dir: 'desc',
      }),
    );
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        status: 'submitted',
        major: 'BIOL',
        term: 'Fall 2027',
        documents: 'failed',
        submittedFrom: '2026-11-01',
        sort: 'submitted',
        dir: 'desc',
      }),
    );
    const header = screen.getByRole('columnheader', { name: /Submitted/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(await screen.findByText(/Sorted by submitted date, descending\./)).toBeVisible();

    // Back undoes the last change (the sort), keeping the filters before it.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    expect(screen.getByLabelText('Submitted from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Sort by')).toHaveValue('last_name');
  });

  it('pages by cursor: Next page sends after=, Previous page returns to the first', async () => {
    const calls = staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')], 'c1') });
    const { user, router } = renderStaff('/staff/applicants?q=a');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();

    const second = staffApiAnswers({ 'GET /applicants': page([row(2, 'Grace Hopper')]) });
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/staff/applicants/2?q=a&after=c1',
    );
    expect(listCalls(second)).toEqual([{ q: 'a', after: 'c1' }]);
    expect(router.state.location.search).toBe('?q=a&after=c1');
    expect(screen.getByRole('heading', { name: 'Results, page 2' })).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=a'));
    expect(listCalls(calls).every((query) => !('after' in query))).toBe(true);
  });

  it('gives admins each export for the SIS and for Excel, with the filters, and readers none', async () => {
    staffApiAnswers({ 'GET /me': ADMIN, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const { unmount } = renderStaff('/staff/applicants?status=submitted&major=BIOL&q=ada&after=c1');
    const exports = await screen.findByRole('region', { name: 'Export' });
    expect(exports).toHaveTextContent('Load the files “for the SIS” into the student-information system');
    for (const file of ['applications', 'parents', 'activities']) {
      expect(within(exports).getByRole('link', { name: `${file}.csv for the SIS` })).toHaveAttribute(
        'href',
        `/staff/api/export/${file}.csv?q=ada&status=submitted&major=BIOL`,
      );
      expect(within(exports).getByRole('link', { name: `${file}.csv for Excel` })).toHaveAttribute(
        'href',
        `/staff/api/export/${file}.csv?q=ada&status=submitted&major=BIOL&for=excel`,
      );
    }
    unmount();

    staffApiAnswers({ 'GET /me': ADMIN, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const unfiltered = renderStaff('/staff/applicants');
    expect(await screen.findByRole('link', { name: 'applications.csv for Excel' })).toHaveAttribute(
      'href',
      '/staff/api/export/applications.csv?for=excel',
    );
    unfiltered.unmount();

    staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    renderStaff('/staff/applicants?status=submitted');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('region', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /\.csv/ })).not.toBeInTheDocument();
  });

  it('on a phone, keeps the filters behind a Filters button that says which are set', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN });
    try {
      staffApiAnswers({ 'GET /me': ADMIN, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
      const { user } = renderStaff('/staff/applicants?major=BIOL&documents=failed&submittedFrom=2026-11-01');
      await screen.findByRole('link', { name: 'Ada Lovelace' });
      const button = screen.getByRole('button', { name: 'Filters' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() =>
        expect(button).toHaveAccessibleDescription(
          'Filters set: submitted from 2026-11-01, Biology, some documents failed.',
        ),
      );
      expect(screen.getByLabelText('Search by name or email')).toBeVisible();
      expect(screen.queryByLabelText('Applied major')).not.toBeVisible();
      expect(screen.queryByRole('region', { name: 'Export' })).not.toBeInTheDocument();

      // By keyboard: Space opens them (the export with them), and again closes them.
      button.focus();
      await user.keyboard(' ');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByLabelText('Applied major')).toBeVisible();
      expect(screen.getByRole('region', { name: 'Export' })).toBeVisible();
      await user.keyboard('{Enter}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('on a wide screen shows the filters at once, and says when none is set', async () => {
    staffApiAnswers({ 'GET /me': READER, 'GET /applicants': page([row(1, 'Ada Lovelace')]) });
    const { user } = renderStaff('/staff/applicants');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Applied major')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAccessibleDescription('No filters set.');
  });

  it('says so when the server refuses', async () => {
    staffApiAnswers({
      'GET /me': READER,
      'GET /applicants': [400, { message: 'This list has changed. Please start from its first page.', code: 'Bad' }],
    });
    renderStaff('/staff/applicants?after=zzz');
    expect(await screen.findByText('This list has changed. Please start from its first page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/staff/applicants');
  });
});
