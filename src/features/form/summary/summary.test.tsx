import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/renderWithProviders';
import { validationErrorsChanged } from '../../answers/answersSlice';
import { webStatusChanged } from '../../session/sessionSlice';
import { ABOUT_PAGE } from '../../../kernel/form/definition/about';
import { FormPage } from '../FormPage';
import { formState, LOGGED_IN, renderForm, VALIDATING, withFormListeners } from '../testing';
import { SUMMARY_TITLE } from './MissingInfoSummary';
import { summaryItems } from './summaryItems';
import { loggedInAccountHandlers } from '../../../../tests/msw/auth';

const ERRORS = {
  hs_name: ['Search for Your School'],
  first_name: ['First Name'],
  birth_date: ['You must be 13 years or older to apply.'],
};

const summary = () => screen.queryByRole('group', { name: SUMMARY_TITLE });

describe('the missing-information summary', () => {
  it('shows only while validating and problems exist', async () => {
    const { unmount } = renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: LOGGED_IN, errors: ERRORS }));
    expect(summary()).not.toBeInTheDocument();
    unmount();
    const second = renderForm(
      <FormPage page={ABOUT_PAGE} />,
      formState({ session: VALIDATING, errors: { first_name: [] } }),
    );
    expect(summary()).not.toBeInTheDocument();
    second.unmount();
    renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: VALIDATING, errors: ERRORS }));
    // Its own chunk, loaded once the application is being validated.
    expect(await screen.findByRole('group', { name: SUMMARY_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SUMMARY_TITLE);
  });

  it('lists each problem as a link /{page}#{key}: this page first, in question order, then other pages', () => {
    renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: VALIDATING, errors: ERRORS }));
    const links = within(summary()!).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['First Name', '/about#first_name'],
      ['You must be 13 years or older to apply.', '/about#birth_date'],
      ['Search for Your School (Your Academics)', '/education#hs_name'],
    ]);
  });

  it('takes focus when it appears', () => {
    const { store } = renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: LOGGED_IN }));
    expect(summary()).not.toBeInTheDocument();
    act(() => {
      store.dispatch(webStatusChanged('validating'));
      store.dispatch(validationErrorsChanged(ERRORS));
    });
    expect(summary()).toHaveFocus();
    expect(summary()).toHaveAttribute('tabIndex', '-1');
  });

  it('comes back without taking focus when an edit makes a field invalid again', async () => {
    const { store, user } = renderForm(
      <FormPage page={ABOUT_PAGE} />,
      formState({ session: VALIDATING, errors: { first_name: ['First Name'] }, values: { first_name: '' } }),
    );
    withFormListeners(store);
    expect(summary()).toHaveFocus();
    const first = screen.getByRole('textbox', { name: 'First Name (required)' });
    await user.type(first, 'A');
    await waitFor(() => expect(summary()).not.toBeInTheDocument());
    // One Backspace empties the field: the box is back, quietly, and every later keystroke reaches the field.
    await user.type(first, '{Backspace}');
    await waitFor(() => expect(summary()).toBeInTheDocument());
    expect(first).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('Ada');
    expect(first).toHaveFocus();
    expect(first).toHaveValue('Ada');
    await waitFor(() => expect(store.getState().answers.values.first_name).toBe('Ada'));
  });

  it('a link on this page moves focus to its field', async () => {
    const { user } = renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: VALIDATING, errors: ERRORS }));
    await user.click(screen.getByRole('link', { name: 'You must be 13 years or older to apply.' }));
    expect(screen.getByLabelText(/Date of Birth/)).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'First Name' }));
    expect(screen.getByRole('textbox', { name: 'First Name (required)' })).toHaveFocus();
  });

  it('goes away once every problem is fixed (revalidated on change)', async () => {
    const { store, user } = renderForm(
      <FormPage page={ABOUT_PAGE} />,
      formState({ session: VALIDATING, errors: { first_name: ['First Name'] } }),
    );
    withFormListeners(store);
    await user.type(screen.getByRole('textbox', { name: 'First Name (required)' }), 'Ada');
    await waitFor(() => expect(summary()).not.toBeInTheDocument());
  });

  it('summaryItems skips empty messages and lists unknown keys on this page', () => {
    expect(summaryItems({ first_name: [], mystery: ['Odd.'] }, 'about').map((i) => i.href)).toEqual(['/about#mystery']);
  });
});

describe('following a link to another page', () => {
  beforeEach(() => {
    server.use(
      // Before the account's handlers: the first handler that matches answers.
      http.put('*/api/answer', () => HttpResponse.json({ message: 'ok', version: 2 })),
      http.post('*/api/validations', () => HttpResponse.json({ message: 'ok' })),
      ...loggedInAccountHandlers({
        last_page: '/about',
        web_status: [{ web_status: 'started' }, { web_status: 'validating' }],
        version: 1,
      }),
    );
  });

  it('saves, moves to /{page}#{key} and focuses the field there', async () => {
    const { store, router, user } = renderApp('/about', {
      preloadedState: formState({ session: VALIDATING, errors: ERRORS }),
    });
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    act(() => {
      store.dispatch(validationErrorsChanged(ERRORS));
    });
    await user.click(await screen.findByRole('link', { name: /Search for Your School/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Academics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/education');
    expect(router.state.location.hash).toBe('#hs_name');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Search for Your School/ })).toHaveFocus());
  });
});
