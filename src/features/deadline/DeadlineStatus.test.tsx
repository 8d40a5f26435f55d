import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { DEADLINE_PASSED } from '../../kernel/deadline/messages';
import { DEADLINE_PASSED_CODE } from '../../kernel/messages';
import { completeApplication } from '../../kernel/form/definition/sampleAnswers';
import { initialSessionState } from '../session/sessionSlice';
import type { RootState } from '../../app/store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** This page's clock in these tests: 4:30 PM in New York on 12 January 2027 (jsdom's own zone is UTC). */
const NOW = Date.parse('2027-01-12T21:30:00Z');
/** 11:59 PM in New York on 15 January 2027. */
const DEADLINE = '2027-01-16T04:59:00.000Z';
const DEADLINE_WORDS =
  'January 15, 2027 at 11:59 PM EST (the college’s time; January 16, 2027 at 4:59 AM UTC where you are)';

/** The page as the server writes it: the run-time settings in the app-config meta (server/src/http/static.ts). */
function appConfig(settings: object) {
  const meta = document.createElement('meta');
  meta.name = 'app-config';
  meta.content = JSON.stringify({ collegeTimeZone: 'America/New_York', ...settings });
  document.head.append(meta);
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
  document.head.querySelectorAll('meta[name="app-config"]').forEach((meta) => meta.remove());
});

/** A logged-in applicant; GET /api/deadline answers `reopenedUntil`, and the calls to it are counted. */
function loggedIn(reopenedUntil: string | null, answers: Record<string, string | boolean> = {}) {
  const asked: string[] = [];
  server.use(
    ...loggedInAccountHandlers({ version: 1, answer: answers }),
    http.get('*/api/deadline', () => {
      asked.push('GET /api/deadline');
      return HttpResponse.json({ closesAt: DEADLINE, reopenedUntil });
    }),
  );
  const state: Partial<RootState> = {
    session: { ...initialSessionState, is_logged_in: true },
    answers: { values: answers, errors: {} },
  };
  return { asked, state };
}

async function renderAt(url: string, preloadedState?: Partial<RootState>) {
  const result = renderApp(url, { preloadedState });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}

const submitButton = () => screen.queryByRole('button', { name: 'Submit Application' });

describe('before the deadline', () => {
  it('every form page says how long is left, and when, in the college’s zone and the applicant’s own', async () => {
    appConfig({ deadline: DEADLINE });
    for (const url of ['/about', '/education', '/final-steps', '/check-answers']) {
      const { unmount } = await renderAt(url);
      const notice = await screen.findByRole('region', { name: 'Time left to submit' });
      expect(notice).toHaveTextContent(
        `3 days, 7 hours and 29 minutes left to submit your application. The deadline is ${DEADLINE_WORDS}.`,
      );
      unmount();
    }
  });

  it('counts down as time passes, and Submit is offered', async () => {
    appConfig({ deadline: DEADLINE });
    await renderAt('/check-answers');
    const notice = await screen.findByRole('region', { name: 'Time left to submit' });
    expect(submitButton()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3 * DAY + 7 * HOUR + 20 * MINUTE));
    expect(notice).toHaveTextContent('9 minutes left to submit your application.');
  });

  it('without a deadline nothing is shown, nothing is asked and Submit is offered', async () => {
    const { asked, state } = loggedIn(null);
    await renderAt('/check-answers', state);
    expect(screen.queryByRole('region', { name: 'Time left to submit' })).not.toBeInTheDocument();
    expect(submitButton()).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('after the deadline', () => {
  it('passing while the applicant is on the page is announced, and Submit goes', async () => {
    appConfig({ deadline: new Date(NOW + 90_000).toISOString() });
    await renderAt('/check-answers');
    await screen.findByRole('region', { name: 'Time left to submit' });
    expect(submitButton()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(91_000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The application deadline has passed');
    expect(submitButton()).not.toBeInTheDocument();
    // The answers stay: the page is still there, and so is the way back to them.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and go back' })).toBeInTheDocument();
  });

  it('a page opened after it says so quietly, with whom to contact, and offers no Submit', async () => {
    appConfig({ deadline: new Date(NOW - HOUR).toISOString() });
    const { asked, state } = loggedIn(null);
    await renderAt('/check-answers', state);
    const notice = await screen.findByRole('region', { name: 'The application deadline has passed' });
    expect(notice).toHaveTextContent(DEADLINE_PASSED);
    expect(notice).toHaveTextContent(
      'Applications closed on January 12, 2027 at 3:30 PM EST (the college’s time; January 12, 2027 at 8:30 PM UTC where you are).',
    );
    expect(notice).toHaveTextContent('Your answers are kept, and you can still read them on these pages.');
    expect(within(notice).getByRole('link', { name: '(555) 010-0142' })).toHaveAttribute('href', 'tel:5550100142');
    expect(within(notice).getByRole('link', { name: 'admission website' })).toHaveAttribute(
      'href',
      'https://www.northfield.example.edu/admission',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(submitButton()).not.toBeInTheDocument());
    expect(asked).toEqual(['GET /api/deadline']);
  });

  it('staff reopened Submit for this applicant: until when, and Submit is offered', async () => {
    appConfig({ deadline: new Date(NOW - HOUR).toISOString() });
    const { state } = loggedIn(new Date(NOW + DAY + 2 * MINUTE).toISOString());
    const { store } = await renderAt('/check-answers', state);
    const notice = await screen.findByRole('region', { name: 'Submit reopened for you' });
    expect(notice).toHaveTextContent(
      '1 day and 2 minutes left to submit your application. The application deadline has passed, but the admission office reopened Submit for you until January 13, 2027 at 4:32 PM EST (the college’s time; January 13, 2027 at 9:32 PM UTC where you are).',
    );
    expect(submitButton()).toBeInTheDocument();
    expect(store.getState().deadline).toBeNull();
  });
});

describe('a Submit the server refuses for the deadline', () => {
  it('shows the passed state, announced and focused, never an error dialog, and keeps the code', async () => {
    // This page's clock says there is a minute left; the server's says otherwise.
    appConfig({ deadline: new Date(NOW + MINUTE).toISOString() });
    const { state } = loggedIn(null, completeApplication());
    server.use(
      http.post('*/api/validations', () => HttpResponse.json({ message: 'ok' })),
      http.post('*/api/submit', () =>
        HttpResponse.json({ message: DEADLINE_PASSED, code: DEADLINE_PASSED_CODE }, { status: 403 }),
      ),
    );
    const { store, user } = await renderAt('/check-answers', state);
    await screen.findByRole('region', { name: 'Time left to submit' });
    await user.click(submitButton()!);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DEADLINE_PASSED);
    expect(screen.getByRole('region', { name: 'The application deadline has passed' })).toHaveFocus();
    expect(submitButton()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().deadline).toBe(DEADLINE_PASSED_CODE);
  });
});
