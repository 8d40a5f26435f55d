import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { recordRequests } from '../../../tests/msw/recorder';
import { FORM_MESSAGES } from '../../kernel/form/definition/messages';
import { CHECK_ISSUES_TITLE } from './check/CheckAnswersPage';
import { RETURN_TO_CHECK } from './FormPage';
import { formState, LOGGED_IN } from './testing';

function accountServer(answer: Record<string, string | boolean> = {}) {
  server.use(
    http.put('*/api/answer', () => HttpResponse.json({ message: 'ok', version: 2 })),
    ...loggedInAccountHandlers({ answer, version: 1 }),
  );
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('format and range problems are shown when the applicant leaves the field', () => {
  it('a 9-digit cell phone is flagged on leaving it while started, and the flag goes once corrected', async () => {
    accountServer();
    const validations = recordRequests({ 'POST /api/validations': {} });
    const { user } = renderApp('/about', { preloadedState: formState({ session: LOGGED_IN }) });
    await h1('About You');
    const cell = screen.getByRole('textbox', { name: 'Cell Phone' });
    await user.type(cell, '212555123');
    expect(screen.queryByText(FORM_MESSAGES.cellPhone)).toBeNull();
    await user.tab();
    expect(await screen.findByText(FORM_MESSAGES.cellPhone)).toBeInTheDocument();
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    // Required messages still wait for validating: none is shown for the empty first name.
    expect(screen.queryByText('First Name', { selector: '.form-error' })).toBeNull();

    await user.click(cell);
    await user.type(cell, '4');
    await waitFor(() => expect(screen.queryByText(FORM_MESSAGES.cellPhone)).toBeNull());
    // Nothing is posted as validations before validating.
    expect(validations).toHaveLength(0);
  });

  it('an SAT score out of range is flagged on leaving it', async () => {
    accountServer({ sat_taken: 'Y' });
    const { user } = renderApp('/education', {
      preloadedState: formState({ session: LOGGED_IN, values: { sat_taken: 'Y' } }),
    });
    await h1('Your Academics');
    const math = await screen.findByRole('textbox', { name: /SAT Math/ });
    await user.type(math, '655');
    await user.tab();
    expect(await screen.findByText(FORM_MESSAGES.satSection)).toBeInTheDocument();
  });
});

describe('Check your answers', () => {
  const answers = {
    first_name: 'Ngozi',
    last_name: 'Okafor',
    phone_mobile: '(212) 555-123',
    gender: 'F',
    gender_desc: 'Female',
  };

  it('lists what was chosen only, marks a format problem and links to its question', async () => {
    accountServer(answers);
    renderApp('/check-answers', { preloadedState: formState({ session: LOGGED_IN, values: answers }) });
    await h1('Check your answers');
    const summary = await screen.findByRole('group', { name: CHECK_ISSUES_TITLE });
    const link = within(summary).getByRole('link', { name: `Cell Phone: ${FORM_MESSAGES.cellPhone}` });
    expect(link).toHaveAttribute('href', '/about#phone_mobile');
    expect(screen.getByRole('link', { name: 'Correct Cell Phone' })).toHaveAttribute('href', '/about#phone_mobile');
    // No [ ] for options not chosen, no '--' for an unanswered month/year pair.
    expect(screen.queryByText(/\[ \]/)).toBeNull();
    expect(screen.queryByText('--')).toBeNull();
    expect(screen.queryByText('Attended From')).toBeNull();
  });

  it('Change opens the page at that question, and one action returns to the check', async () => {
    accountServer(answers);
    const { user } = renderApp('/check-answers', {
      preloadedState: formState({ session: LOGGED_IN, values: answers }),
    });
    await h1('Check your answers');
    await user.click(screen.getAllByRole('link', { name: 'Change Last Name' })[0]!);
    await h1('About You');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Last Name (required)' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: RETURN_TO_CHECK }));
    await h1('Check your answers');
  });
});
