import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { recordRequests } from '../../../tests/msw/recorder';
import { FORM_MESSAGES } from '../../kernel/form/definition/messages';
import { CERTIFICATION_LABEL } from '../../kernel/form/definition/finalSteps';
import { CHECK_ISSUES_TITLE, CHECK_MISSING_TITLE, CHECK_NOT_ANSWERED } from './check/CheckAnswersPage';
import { RETURN_TO_CHECK } from './ReturnToCheck';
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

  it("a section's Change opens it, and the return beside it lands back at that section of the check", async () => {
    accountServer(answers);
    const { user, router } = renderApp('/check-answers', {
      preloadedState: formState({ session: LOGGED_IN, values: answers }),
    });
    await h1('Check your answers');
    const name = screen.getByRole('region', { name: 'Your Name' });
    expect(within(name).getByText('2 of 5 questions answered')).toBeInTheDocument();
    // One Change per section: the answers in it have none of their own.
    expect(
      within(name)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Change Your Name']);
    await user.click(within(name).getByRole('link', { name: 'Change Your Name' }));
    await h1('About You');
    expect(router.state.location.hash).toBe('#section-name');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your Name' })).toHaveFocus());
    // The return sits in that section, right after its questions, and only there.
    const back = await screen.findByRole('button', { name: RETURN_TO_CHECK });
    expect(back.closest('form')).toContainElement(screen.getByRole('textbox', { name: 'Last Name (required)' }));
    await user.click(back);
    await h1('Check your answers');
    expect(router.state.location.hash).toBe('#check-section-name');
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Your Name' })).toHaveFocus());
  });

  it('lists the required answers still blank at its top, each linked to its question, before Submit', async () => {
    accountServer(answers);
    renderApp('/check-answers', { preloadedState: formState({ session: LOGGED_IN, values: answers }) });
    await h1('Check your answers');
    const missing = await screen.findByRole('group', { name: CHECK_MISSING_TITLE });
    const certification = within(missing).getByRole('link', { name: CERTIFICATION_LABEL });
    expect(certification).toHaveAttribute('href', '/final-steps#legal_agree');
    expect(within(missing).getByRole('link', { name: 'Date of Birth' })).toHaveAttribute('href', '/about#birth_date');
    // Its row names the question, says what is wrong and links to it; blank optional questions are left out.
    const row = screen.getByText(CHECK_NOT_ANSWERED, { selector: '#legal_agree-readonly .form-error' });
    expect(row.closest('.check-row')).toHaveTextContent(CERTIFICATION_LABEL);
    expect(screen.getByRole('link', { name: `Answer ${CERTIFICATION_LABEL}` })).toHaveAttribute(
      'href',
      '/final-steps#legal_agree',
    );
    expect(screen.queryByText('Middle Name')).toBeNull();
  });
});
