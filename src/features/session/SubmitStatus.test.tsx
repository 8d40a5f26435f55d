import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { completeApplication } from '../../kernel/form/definition/sampleAnswers';
import { SUBMIT_SUCCESS } from '../../kernel/messages';
import { SUBMIT_STATE } from '../../kernel/submit';
import { initialSessionState } from './sessionSlice';

const COMPLETE = completeApplication();

/** POST /api/submit held until the test lets each answer go: the first lost on the way, the second a success. */
function heldSubmits() {
  const releases: (() => void)[] = [];
  server.use(
    http.post('*/api/submit', async () => {
      const lost = releases.length === 0;
      await new Promise<void>((resolve) => releases.push(resolve));
      return lost ? HttpResponse.error() : HttpResponse.json({ message: SUBMIT_SUCCESS });
    }),
  );
  return { count: () => releases.length, release: (n: number) => releases[n]() };
}

describe('Submit Application at work', () => {
  it('shows that it is working, ignores another press, says so politely while retrying, then lands on /completion', async () => {
    server.use(...loggedInAccountHandlers({ version: 1, answer: COMPLETE, web_status: [{ web_status: 'started' }] }));
    const submits = heldSubmits();
    const { user, router, store } = renderApp('/check-answers', {
      preloadedState: {
        session: { ...initialSessionState, is_logged_in: true },
        answers: { values: COMPLETE, errors: {}, formatErrors: {} },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Check your answers' }, { timeout: 5000 });
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    const button = screen.getByRole('button', { name: 'Submit Application' });
    expect(button).not.toHaveAttribute('aria-disabled');

    await user.click(button);
    await waitFor(() => expect(submits.count()).toBe(1));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(SUBMIT_STATE.submitting)).toHaveAttribute('role', 'status');
    // Pressed again (a double click, an impatient tap): nothing more is sent, and focus stays on the button.
    await user.click(button);
    expect(button).toHaveFocus();

    submits.release(0); // that answer is lost on the way
    expect(await screen.findByText(SUBMIT_STATE.retrying)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await waitFor(() => expect(submits.count()).toBe(2), { timeout: 5000 });
    submits.release(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/completion'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Application Submitted' })).toBeInTheDocument();
    expect(submits.count()).toBe(2);
  });
});
