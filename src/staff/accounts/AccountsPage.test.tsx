import { screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { ADMIN, READER, renderStaff, staffApiAnswers } from '../testing';

const ACCOUNTS = {
  accounts: [
    {
      id: '1',
      email: ADMIN.email,
      role: 'admin',
      enrolled: true,
      createdAt: '2026-11-01T09:00:00.000Z',
      lastSignInAt: '2026-11-27T10:00:00.000Z',
      sso: null,
    },
    {
      id: '2',
      email: READER.email,
      role: 'reader',
      enrolled: false,
      createdAt: '2026-11-02T09:00:00.000Z',
      lastSignInAt: null,
      sso: { issuer: 'https://login.college.example', subject: 'u-48151623', boundAt: '2026-11-28T03:30:00.000Z' },
    },
  ],
};

describe('the staff accounts page', () => {
  it('adds an account: the request carries the email and role, and the server’s message shows', async () => {
    const calls = staffApiAnswers({
      'GET /me': ADMIN,
      'GET /accounts': ACCOUNTS,
      'POST /accounts': [201, { message: STAFF_MESSAGES.staffAdded }],
    });
    const { user } = renderStaff('/staff/accounts');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(`${ADMIN.email} (you)`)).toBeVisible();
    expect(within(table).getByText('Never')).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'new.person@college.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Add staff account' }));
    expect(await screen.findByText(STAFF_MESSAGES.staffAdded)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { email: 'new.person@college.example', role: 'admin' },
    ]);
    // The list is asked for again.
    expect(calls.filter((call) => call.path === '/staff/api/accounts' && call.method === 'GET').length).toBeGreaterThan(
      1,
    );
  });

  it('changes a role and removes an account behind a confirmation, with JSON bodies', async () => {
    const calls = staffApiAnswers({
      'GET /me': ADMIN,
      'GET /accounts': ACCOUNTS,
      'PUT /accounts/:id/role': { message: 'The role was changed.' },
      'DELETE /accounts/:id': { message: 'The staff account was removed and signed out.' },
    });
    const { user } = renderStaff('/staff/accounts');
    await user.selectOptions(await screen.findByLabelText(`Role of ${READER.email}`), 'admin');
    await user.click(screen.getByRole('button', { name: `Save role of ${READER.email}` }));
    expect(await screen.findByText('The role was changed.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: `Remove ${READER.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this staff account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The staff account was removed and signed out.')).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => [method, path, body])).toEqual(
      [
        ['PUT', '/staff/api/accounts/2/role', { role: 'admin' }],
        ['DELETE', '/staff/api/accounts/2', {}],
      ],
    );
  });

  it('shows each single sign-on link, and resets one behind a confirmation, by keyboard', async () => {
    const calls = staffApiAnswers({
      'GET /me': ADMIN,
      'GET /accounts': ACCOUNTS,
      'DELETE /accounts/:id/sso': { message: STAFF_MESSAGES.ssoReset },
    });
    const { user } = renderStaff('/staff/accounts');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(`${ADMIN.email} (you)`)).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Single sign-on' })).toBeVisible();
    const [, adminRow, readerRow] = within(table).getAllByRole('row');
    expect(within(adminRow).getByText('Not linked to single sign-on')).toBeVisible();
    expect(within(adminRow).queryByRole('button', { name: /Reset single sign-on link/ })).not.toBeInTheDocument();
    // The college's day and clock (New York), not UTC's: 03:30 UTC is the evening before.
    expect(
      within(readerRow).getByText(
        'Linked to https://login.college.example as u-48151623 since November 27, 2026 at 10:30:00 PM EST',
      ),
    ).toBeVisible();

    const reset = within(readerRow).getByRole('button', { name: `Reset single sign-on link of ${READER.email}` });
    reset.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reset the single sign-on link?' });
    expect(dialog).toHaveTextContent(`${READER.email} will be signed out`);
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    reset.focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Reset the single sign-on link?' });
    within(again).getByRole('button', { name: 'Reset link' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(STAFF_MESSAGES.ssoReset)).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([
      ['/staff/api/accounts/2/sso', {}],
    ]);
  });

  it('shows a reader the server’s refusal', async () => {
    staffApiAnswers({
      'GET /me': READER,
      'GET /accounts': [403, { message: STAFF_MESSAGES.forbidden, code: 'Forbidden' }],
    });
    renderStaff('/staff/accounts');
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.forbidden);
    expect(screen.queryByRole('button', { name: 'Add staff account' })).not.toBeInTheDocument();
    // A reader's menu has no admin page.
    const menu = screen.getByRole('navigation', { name: 'Staff console' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Applicants', 'Roles']);
  });
});
