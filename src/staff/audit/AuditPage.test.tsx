import { act, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, renderStaff, staffApiAnswers } from '../testing';

const row = (id: number, action = 'sign-in') => ({
  id: String(id),
  at: '2026-11-27T10:00:00.000Z',
  actor: ADMIN.email,
  action,
  target: '',
  detail: `row ${id}`,
  ip: '127.0.0.1',
  userAgent: CHROME,
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the audit log page', () => {
  it('shows the browser of each entry, readably, opening to the whole user agent; a dash without one', async () => {
    staffApiAnswers({
      'GET /me': ADMIN,
      'GET /audit': { rows: [row(7), { ...row(6, 'staff-added'), userAgent: '' }], next: null },
    });
    const { user } = renderStaff('/staff/audit');
    await screen.findByText('row 7');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Browser' })).toBeVisible();
    const cells = (detail: string) => within(within(table).getByText(detail).closest('tr')!).getAllByRole('cell');
    const browser = cells('row 7').at(-1)!;
    expect(within(browser).getByText('Chrome 131 on Windows')).toBeVisible();
    expect(within(browser).getByText(CHROME)).not.toBeVisible();
    await user.click(within(browser).getByText('Chrome 131 on Windows'));
    expect(within(browser).getByText(CHROME)).toBeVisible();
    expect(cells('row 6').at(-1)).toHaveTextContent('—');
  });

  it('asks the API with the filters the address holds, as the college day’s first and last instants', async () => {
    const calls = staffApiAnswers({ 'GET /me': ADMIN, 'GET /audit': { rows: [row(7)], next: null } });
    renderStaff('/staff/audit?actor=dean%40college.example&action=sign-in&from=2026-11-01&to=2026-11-27');
    expect(await screen.findByText('row 7')).toBeVisible();
    const query = calls.find((call) => call.path === '/staff/api/audit')!.query;
    expect(Object.fromEntries(query)).toEqual({
      actor: 'dean@college.example',
      action: 'sign-in',
      // America/New_York: 1 November 2026 starts in daylight time (UTC-4); 27 November ends in standard time (UTC-5).
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-28T04:59:59.999Z',
    });
    expect(screen.getByLabelText('Actor email')).toHaveValue('dean@college.example');
    expect(screen.getByLabelText('Action')).toHaveValue('sign-in');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/staff/api/audit.csv?${new URLSearchParams(Object.fromEntries(query))}`,
    );
  });

  it('puts applied filters in the address (Back returns), and loads the next page with before=', async () => {
    const calls = staffApiAnswers({ 'GET /me': ADMIN, 'GET /audit': { rows: [row(9), row(8)], next: '8' } });
    const { user, router } = renderStaff('/staff/audit');
    expect(await screen.findByText('row 9')).toBeVisible();

    const next = staffApiAnswers({ 'GET /audit': { rows: [row(3)], next: null } });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('row 3')).toBeVisible();
    expect(screen.getByText('row 9')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());

    const more = staffApiAnswers({ 'GET /audit': { rows: [row(5, 'access-refused')], next: null } });
    await user.selectOptions(screen.getByLabelText('Action'), 'access-refused');
    await user.type(screen.getByLabelText('From date'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('row 5')).toBeVisible();
    expect(router.state.location.search).toBe('?action=access-refused&from=2026-11-20');
    expect(Object.fromEntries(more.at(-1)!.query)).toEqual({
      action: 'access-refused',
      from: '2026-11-20T05:00:00.000Z',
    });
    expect(calls.find((call) => call.path === '/staff/api/audit')!.query.get('before')).toBeNull();
    expect(next[0].query.get('before')).toBe('8');

    // Back returns to the unfiltered log, its form emptied.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Action')).toHaveValue(''));
    expect(router.state.location.search).toBe('');
  });
});
