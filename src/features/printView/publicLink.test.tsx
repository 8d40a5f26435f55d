/**
 * A public link (SPEC §1, §6): ?token= loads the saved application into a visitor's answers (appStarted) and says
 * so in a success toast; an invalid or expired link shows the server's message in an error toast.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { recordDocumentCalls } from '../../../tests/msw/documents';
import { renderAppWithDocuments, toastsOf } from '../documents/testing';
import { PUBLIC_LINK_ERROR_TITLE, PUBLIC_LINK_LOADED, PUBLIC_LINK_LOADED_TITLE } from './publicLinkListeners';

const LINK_INVALID = 'This link is invalid or has expired.';

it('a visitor opens a saved application: the answers are in the form and a notice says so', async () => {
  const calls = recordDocumentCalls({ 'GET /public/tmp': { first_name: 'Grace', last_name: 'Hopper' } });
  const { store } = renderAppWithDocuments('/about?token=pub-123');
  const notice = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 5000 });
  await waitFor(() => expect(within(notice).getByText(PUBLIC_LINK_LOADED)).toBeInTheDocument());
  expect(within(notice).getByText(PUBLIC_LINK_LOADED_TITLE)).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'First Name (required)' })).toHaveValue('Grace');
  expect(store.getState().answers.values).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  expect(calls).toEqual([{ method: 'GET', path: '/public/tmp' }]);
  expect(toastsOf(store)).toEqual([
    { severity: 'success', title: PUBLIC_LINK_LOADED_TITLE, message: PUBLIC_LINK_LOADED },
  ]);
});

it('an invalid or expired link: the server’s message in an error toast, nothing loaded', async () => {
  recordDocumentCalls({
    'GET /public/tmp': () => HttpResponse.json({ message: LINK_INVALID, code: 'NotFound' }, { status: 404 }),
  });
  const { store } = renderAppWithDocuments('/about?token=expired');
  await waitFor(() =>
    expect(toastsOf(store)).toContainEqual({
      severity: 'error',
      title: PUBLIC_LINK_ERROR_TITLE,
      message: LINK_INVALID,
    }),
  );
  expect(store.getState().answers.values).toEqual({});
});
