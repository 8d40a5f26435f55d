import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordRequests } from '../../../../tests/msw/recorder';
import { server } from '../../../../tests/msw/server';
import { tabsLoaded } from '../../tabs/tabsSlice';
import { ACTIVITIES } from '../../../kernel/form/definition/education';
import { PERSONAL_STATEMENT } from '../../../kernel/form/definition/finalSteps';
import { formState, LOGGED_IN, renderQuestion, SERVICE_USER, valuesOf } from '../testing';
import { addAnotherError } from './AddAnotherQuestion';
import { VISITOR_UPLOAD_MESSAGE } from './DocumentQuestion';
import { tabsError } from './TabsQuestion';
import { typedCleared, typedWillClear } from '../../tabs/messages';
import { preloadLargeQuestions } from '../registry';

// The upload and the tabs load apart (registry.tsx): loaded before these tests render them.
beforeAll(() => preloadLargeQuestions());

const toasts = (store: { getState: () => { notifications: { toasts: { severity: string; title: string }[] } } }) =>
  store.getState().notifications.toasts.map(({ severity, title }) => ({ severity, title }));

describe('add another', () => {
  const entries = () => screen.queryAllByRole('group', { name: /^Activity \d$/ });

  it('shows entries 1..count with prefixed keys (default 1)', async () => {
    const { store, user, unmount } = renderQuestion(ACTIVITIES, { state: formState({ session: LOGGED_IN }) });
    expect(entries()).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: 'Activity Name' }), 'Chess');
    expect(valuesOf(store).activity_name).toBe('Chess');
    unmount();

    const second = renderQuestion(ACTIVITIES, {
      state: formState({ session: LOGGED_IN, addAnother: { activity: 3 } }),
    });
    expect(entries().map((e) => e.querySelector('legend')?.textContent)).toEqual([
      'Activity 1',
      'Activity 2',
      'Activity 3',
    ]);
    const third = entries()[2];
    await second.user.type(within(third).getByRole('textbox', { name: 'Activity Name' }), 'Band');
    await second.user.click(within(third).getByRole('checkbox', { name: /11th grade/ }));
    expect(valuesOf(second.store)).toMatchObject({ activity_3_name: 'Band', activity_3_junior: true });
  });

  it('a logged-in applicant adds an entry: PUT /api/add-another, then the entry shows and takes focus', async () => {
    const calls = recordRequests({ 'PUT /api/add-another': { message: 'ok' } });
    const { store, user } = renderQuestion(ACTIVITIES, { state: formState({ session: LOGGED_IN }) });
    await user.click(screen.getByRole('button', { name: 'Add another activity' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/add-another', body: { button_id: 'activity', num_components: 2 } },
    ]);
    expect(store.getState().addAnother.counts).toEqual({ activity: 2 });
    expect(within(entries()[1]).getByRole('textbox', { name: 'Activity Name' })).toHaveFocus();
  });

  it('no button for a visitor, nor at the maximum', () => {
    const { unmount } = renderQuestion(ACTIVITIES);
    expect(screen.queryByRole('button', { name: 'Add another activity' })).not.toBeInTheDocument();
    unmount();
    renderQuestion(ACTIVITIES, {
      state: formState({ session: LOGGED_IN, addAnother: { activity: ACTIVITIES.maxNumberOfComponents } }),
    });
    expect(entries()).toHaveLength(ACTIVITIES.maxNumberOfComponents);
    expect(screen.queryByRole('button', { name: 'Add another activity' })).not.toBeInTheDocument();
  });

  it('never shows more entries than the definition has keys for', () => {
    renderQuestion(ACTIVITIES, { state: formState({ session: LOGGED_IN, addAnother: { activity: 25 } }) });
    expect(entries()).toHaveLength(ACTIVITIES.keyPrefixes.length);
  });

  it('a failure shows the error toast and no new entry', async () => {
    server.use(http.put('*/api/add-another', () => HttpResponse.json({ message: 'Try later.' }, { status: 500 })));
    const { store, user } = renderQuestion(ACTIVITIES, { state: formState({ session: LOGGED_IN }) });
    await user.click(screen.getByRole('button', { name: 'Add another activity' }));
    // Named by the question's label, not its internal id.
    await waitFor(() =>
      expect(toasts(store)).toEqual([{ severity: 'error', title: 'Error adding another Activities' }]),
    );
    expect(addAnotherError(ACTIVITIES.label)).toBe('Error adding another Activities');
    expect(entries()).toHaveLength(1);
    expect(store.getState().addAnother.counts).toEqual({});
  });

  it('read-only: entries without inputs or buttons', () => {
    renderQuestion(ACTIVITIES, {
      state: formState({ session: SERVICE_USER, addAnother: { activity: 2 }, values: { activity_2_name: 'Choir' } }),
      readOnly: true,
    });
    expect(entries()).toHaveLength(2);
    expect(screen.getByText('Choir')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('tabs', () => {
  const tablist = () => screen.getByRole('tablist', { name: 'Personal Statement' });

  it('a tablist; the chosen tab is saved (PUT /api/tabs), recorded, and the left tab is cleared', async () => {
    const calls = recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, {
      state: formState({ session: LOGGED_IN, values: { personal_statement_essay: 'My story', first_name: 'Ada' } }),
    });
    const essayTab = within(tablist()).getByRole('tab', { name: 'Write your statement' });
    expect(essayTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('textbox', { name: 'Personal Statement' }));

    await user.click(within(tablist()).getByRole('tab', { name: 'Upload a document' }));
    // Something typed would be cleared: the applicant is asked first.
    const ask = await screen.findByRole('dialog', { name: 'Switch to Upload a document?' });
    expect(ask).toHaveTextContent(typedWillClear('Write your statement'));
    expect(calls).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Switch and clear' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/tabs', body: { tab_id: 'personal_statement', chosen_tab: 'upload' } },
    ]);
    expect(valuesOf(store)).toEqual({ first_name: 'Ada' });
    expect(screen.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Personal Statement Document')).toHaveAttribute('type', 'file');

    // The toast that follows offers Undo: the tab and the essay come back (and the tab choice is saved again).
    const toast = store.getState().notifications.toasts.at(-1)!;
    expect(toast).toMatchObject({ title: 'Answer cleared', message: typedCleared('Write your statement') });
    store.dispatch(toast.action!.intent);
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'essay' }));
    expect(valuesOf(store)).toEqual({ first_name: 'Ada', personal_statement_essay: 'My story' });
    expect(store.getState().sync.dirty).toContain('personal_statement_essay');
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/tabs',
      body: { tab_id: 'personal_statement', chosen_tab: 'essay' },
    });
  });

  it('asked again right after Escape closed the question, Switch and clear still switches', async () => {
    const calls = recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, {
      state: formState({ session: LOGGED_IN, values: { personal_statement_essay: 'My story' } }),
    });
    const uploadTab = within(tablist()).getByRole('tab', { name: 'Upload a document' });
    await user.click(uploadTab);
    await screen.findByRole('dialog', { name: 'Switch to Upload a document?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // At once again: the dialog's footer may not have been rendered again since it closed.
    await user.click(uploadTab);
    const ask = await screen.findByRole('dialog', { name: 'Switch to Upload a document?' });
    await user.click(within(ask).getByRole('button', { name: 'Switch and clear' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/tabs', body: { tab_id: 'personal_statement', chosen_tab: 'upload' } },
    ]);
  });

  it('Cancel in the question keeps the tab and what was typed; nothing is sent', async () => {
    const calls = recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, {
      state: formState({ session: LOGGED_IN, values: { personal_statement_essay: 'My story' } }),
    });
    await user.click(within(tablist()).getByRole('tab', { name: 'Upload a document' }));
    const ask = await screen.findByRole('dialog', { name: 'Switch to Upload a document?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(valuesOf(store)).toEqual({ personal_statement_essay: 'My story' });
    expect(screen.getByRole('tab', { name: 'Write your statement' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an empty tab switches at once, without asking', async () => {
    recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, {
      state: formState({ session: LOGGED_IN, values: { personal_statement_essay: '   ' } }),
    });
    await user.click(within(tablist()).getByRole('tab', { name: 'Upload a document' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('arrow keys, Home and End move between tabs; Enter chooses', async () => {
    recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, { state: formState({ session: LOGGED_IN }) });
    const [essay, upload] = within(tablist()).getAllByRole('tab');
    expect(essay).toHaveAttribute('tabIndex', '0');
    expect(upload).toHaveAttribute('tabIndex', '-1');
    essay.focus();
    await user.keyboard('{ArrowRight}');
    expect(upload).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(essay).toHaveFocus();
    await user.keyboard('{End}');
    expect(upload).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(upload).toHaveFocus();
    // Moving focus alone does not switch (nothing is cleared by looking).
    expect(store.getState().tabs.chosen).toEqual({});
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
  });

  it('a failure shows the error toast and keeps the tab and its answers', async () => {
    server.use(http.put('*/api/tabs', () => HttpResponse.json({ message: 'Nope.' }, { status: 500 })));
    const { store, user } = renderQuestion(PERSONAL_STATEMENT, {
      state: formState({ session: LOGGED_IN, values: { personal_statement_essay: 'My story' } }),
    });
    await user.click(screen.getByRole('tab', { name: 'Upload a document' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and clear' }));
    await waitFor(() =>
      expect(toasts(store)).toEqual([{ severity: 'error', title: tabsError(PERSONAL_STATEMENT.label) }]),
    );
    expect(tabsError(PERSONAL_STATEMENT.label)).toBe('Error handling tabs for Personal Statement');
    expect(valuesOf(store).personal_statement_essay).toBe('My story');
    expect(screen.getByRole('tab', { name: 'Write your statement' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a visitor sees the default tab only, even if another was stored', () => {
    renderQuestion(PERSONAL_STATEMENT, { state: formState({ tabs: { personal_statement: 'upload' } }) });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Personal Statement' })).toBeInTheDocument();
    expect(screen.queryByText(VISITOR_UPLOAD_MESSAGE)).not.toBeInTheDocument();
  });

  it('follows a stored choice (loaded from the server)', () => {
    const { store } = renderQuestion(PERSONAL_STATEMENT, { state: formState({ session: LOGGED_IN }) });
    act(() => {
      store.dispatch(tabsLoaded({ personal_statement: 'upload' }));
    });
    expect(screen.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute('aria-selected', 'true');
  });

  it('read-only: the chosen tab named, its answers as text, no tabs', () => {
    renderQuestion(PERSONAL_STATEMENT, {
      state: formState({
        session: SERVICE_USER,
        tabs: { personal_statement: 'essay' },
        values: { personal_statement_essay: 'My story' },
      }),
      readOnly: true,
    });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText(': Write your statement')).toBeInTheDocument();
    expect(screen.getByText('My story')).toBeInTheDocument();
  });
});
