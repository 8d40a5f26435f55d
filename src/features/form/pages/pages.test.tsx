import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordRequests } from '../../../../tests/msw/recorder';
import { server } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/renderWithProviders';
import { validationErrorsChanged } from '../../answers/answersSlice';
import { FORM_PAGES_DEFINITION } from '../../../kernel/form/definition';
import { VISITOR_UPLOAD_MESSAGE } from '../questions/DocumentQuestion';
import { SUMMARY_TITLE } from '../summary/MissingInfoSummary';
import { formState, LOGGED_IN, SERVICE_USER, VALIDATING } from '../testing';
import { loggedInAccountHandlers } from '../../../../tests/msw/auth';

function accountServer(answer: Record<string, string | boolean> = {}, extra: object = {}) {
  server.use(
    // Before the account's handlers: the first handler that matches answers.
    http.put('*/api/answer', () => HttpResponse.json({ message: 'ok', version: 2 })),
    ...loggedInAccountHandlers({ answer, version: 1, ...extra }),
  );
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe.each(FORM_PAGES_DEFINITION.map((p) => [p.path, p] as const))('%s', (path, page) => {
  it('has exactly one h1 (the page title), a h2 per shown section with its anchor, and its questions', async () => {
    const { container } = renderApp(path);
    await h1(page.title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const shown = page.sections.filter((s) => s.condition === undefined);
    for (const section of shown) {
      const heading = screen.getByRole('heading', { level: 2, name: section.title });
      expect(heading).toHaveAttribute('id', `section-${section.id}`);
    }
    for (const section of shown) {
      for (const question of section.questions) {
        if (question.condition !== undefined || ('conditionGroup' in question && question.conditionGroup)) continue;
        if (question.type === 'dropdown' && question.optionsFrom) continue;
        expect(container.querySelector(`[id="${question.key}"]`)).not.toBeNull();
      }
    }
    expect(document.title).toBe(`${page.title} - Undergraduate Admission Application`);
  });

  it('a service user sees it read-only (the print view of every page): no inputs or buttons', async () => {
    server.use(
      http.get('*/service/tmp-pdf', () =>
        HttpResponse.json({
          answer: { first_name: 'Ada', gender: 'F', hs_name: 'Sample High' },
          add_another: {},
          document_answer: {},
          tabs: {},
        }),
      ),
    );
    renderApp(`${path}?service_token=svc`, { preloadedState: formState({ session: SERVICE_USER }) });
    await h1('Ada');
    await screen.findByRole('heading', { level: 2, name: page.title });
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(main).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(main).queryAllByRole('radio')).toHaveLength(0);
    expect(within(main).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(main).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('About You', () => {
  it('a visitor fills it in; answers go to the store', async () => {
    const { store, user } = renderApp('/about');
    await h1('About You');
    await user.type(screen.getByRole('textbox', { name: 'First Name (required)' }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.type(screen.getByRole('textbox', { name: 'Home Phone' }), '2125550142');
    expect(store.getState().answers.values).toMatchObject({
      first_name: 'Ada',
      gender: 'F',
      gender_desc: 'Female',
      phone_home: '(212) 555-0142',
    });
  });

  it('a condition reveals a question; hiding it again clears its answer', async () => {
    const { store, user } = renderApp('/about');
    await h1('About You');
    const intl = screen.getByRole('group', { name: 'Do you currently live outside the United States?' });
    expect(screen.queryByRole('textbox', { name: 'International Phone Number' })).not.toBeInTheDocument();
    await user.click(within(intl).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'International Phone Number' }), '+44 20 7946 0000');
    expect(store.getState().answers.values.phone_international).toBe('+44 20 7946 0000');
    await user.click(within(intl).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'International Phone Number' })).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().answers.values.phone_international).toBeUndefined());
  });

  it('a country with states shows the state dropdown; changing country clears the state', async () => {
    const { store, user } = renderApp('/about');
    await h1('About You');
    const country = screen.getByRole('combobox', { name: 'Country (required)' });
    await screen.findAllByRole('option', { name: 'United States' });
    expect(screen.queryByRole('combobox', { name: /^State\/Province/ })).not.toBeInTheDocument();
    await user.selectOptions(country, 'USA');
    const state = await screen.findByRole('combobox', { name: 'State/Province (required)' });
    await user.click(state); // the long list fills when pressed
    await user.selectOptions(state, 'NY');
    expect(store.getState().answers.values).toMatchObject({ country: 'USA', state: 'NY', state_desc: 'New York' });
    await user.selectOptions(country, 'CAN');
    await waitFor(() => expect(store.getState().answers.values.state).toBeUndefined());
    expect(screen.getByRole('combobox', { name: 'State/Province (required)' })).toHaveValue('');
  });

  it('while validating: the summary, per-field errors, and revalidation on change', async () => {
    accountServer({}, { web_status: [{ web_status: 'started' }, { web_status: 'validating' }] });
    server.use(http.post('*/api/validations', () => HttpResponse.json({ message: 'ok' })));
    const { store, user } = renderApp('/about', { preloadedState: formState({ session: VALIDATING }) });
    await h1('About You');
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    act(() => {
      store.dispatch(validationErrorsChanged({ first_name: ['First Name'], last_name: ['Last Name'] }));
    });
    const box = await screen.findByRole('group', { name: SUMMARY_TITLE });
    expect(box).toHaveFocus();
    const first = screen.getByRole('textbox', { name: 'First Name (required)' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.type(first, 'Ada');
    await waitFor(() => expect(first).not.toHaveAttribute('aria-invalid'));
    expect(store.getState().answers.errors).toEqual({ last_name: ['Last Name'] });
    expect(
      within(box)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Last Name']);
  });
});

describe('Your Academics', () => {
  it('a logged-in applicant adds an activity', async () => {
    accountServer();
    const calls = recordRequests({ 'PUT /api/add-another': { message: 'ok' } });
    const { store, user } = renderApp('/education', { preloadedState: formState({ session: LOGGED_IN }) });
    await h1('Your Academics');
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Add another activity' }));
    expect(await screen.findByRole('group', { name: 'Activity 2' })).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/add-another', body: { button_id: 'activity', num_components: 2 } },
    ]);
  });

  it('a transfer student gets the previous-college section; others do not', async () => {
    const { user } = renderApp('/education');
    await h1('Your Academics');
    expect(screen.queryByRole('heading', { level: 2, name: 'Previous College' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Transfer student/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Previous College' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for Your College' })).toBeInTheDocument();
  });
});

describe('Final Steps', () => {
  it('a visitor sees the essay tab only and cannot upload', async () => {
    renderApp('/final-steps');
    await h1('Final Steps');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Personal Statement' })).toBeInTheDocument();
    expect(screen.getByText('0 of 7000 characters used')).toBeInTheDocument();
    expect(screen.queryByText(VISITOR_UPLOAD_MESSAGE)).not.toBeInTheDocument();
  });

  it('a logged-in applicant switches tabs: the choice is saved and the essay cleared', async () => {
    accountServer({ personal_statement_essay: 'Draft' });
    const calls = recordRequests({ 'PUT /api/tabs': { message: 'ok' } });
    const { store, user } = renderApp('/final-steps', { preloadedState: formState({ session: LOGGED_IN }) });
    await h1('Final Steps');
    await waitFor(() => expect(store.getState().answers.values.personal_statement_essay).toBe('Draft'));
    await user.click(screen.getByRole('tab', { name: 'Upload a document' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and clear' }));
    await waitFor(() => expect(store.getState().tabs.chosen).toEqual({ personal_statement: 'upload' }));
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/tabs', body: { tab_id: 'personal_statement', chosen_tab: 'upload' } },
    ]);
    expect(store.getState().answers.values.personal_statement_essay).toBeUndefined();
    expect(screen.getByLabelText('Personal Statement Document')).toHaveAttribute('type', 'file');
  });

  it('the certification reveals its note once ticked', async () => {
    const { store, user } = renderApp('/final-steps');
    await h1('Final Steps');
    await user.click(screen.getByRole('checkbox', { name: /I certify that the information/ }));
    expect(store.getState().answers.values.legal_agree).toBe(true);
    expect(screen.getByText(/You can now submit your application/)).toBeInTheDocument();
  });
});

describe('Completion', () => {
  it('keeps its h1 and says what happens next', async () => {
    accountServer(
      {},
      { web_status: [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }] },
    );
    renderApp('/completion', { preloadedState: formState({ session: { ...LOGGED_IN, web_status: 'submitted' } }) });
    await h1('Application Submitted');
    expect(screen.getByText(/Your application was successfully submitted\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
  });
});

describe('sections as forms', () => {
  it('each section is a form of its own, and Enter in a field submits nothing and keeps the page', async () => {
    const { router, user } = renderApp('/about');
    await h1('About You');
    // The browser's autofill reads the form a field belongs to after each keystroke: the section, not the page.
    const nameForm = screen.getByRole('heading', { level: 2, name: 'Your Name' }).closest('form')!;
    const firstName = within(nameForm).getByRole('textbox', { name: /^First Name/ });
    expect(within(nameForm).queryByRole('combobox', { name: /^Address/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Address/ }).closest('form')).not.toBe(nameForm);

    const submits: boolean[] = [];
    const onSubmit = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', onSubmit);
    try {
      await user.type(firstName, 'Ada{Enter}');
      nameForm.requestSubmit();
    } finally {
      document.removeEventListener('submit', onSubmit);
    }
    expect(submits.length).toBeGreaterThan(0);
    expect(submits.every((prevented) => prevented)).toBe(true);
    expect(router.state.location.pathname).toBe('/about');
    expect(firstName).toHaveValue('Ada');
  });
});
