import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { recordRequests } from '../../tests/msw/recorder';
import { renderApp } from '../../tests/renderWithProviders';
import { initialSessionState, type SessionState } from '../features/session/sessionSlice';
import { answerChanged } from '../features/answers/answersSlice';
import { dialogShown, toastShown } from '../features/notifications/notificationsSlice';
import type { RootState } from './store';
import { loggedInAccountHandlers } from '../../tests/msw/auth';

const USERNAME = 'ada@example.com';

/** A logged-in applicant; the start-up listener loads the profile, counts and tabs (answered here). */
function loggedIn(session: Partial<SessionState> = {}, profile: object = {}): Partial<RootState> {
  // loggedInAccountHandlers but for PUT /api/answer, which these tests record themselves (recordRequests).
  server.use(
    ...loggedInAccountHandlers({ username: USERNAME, version: 1, ...profile }).filter(
      (handler) => handler.info.header !== 'PUT */api/answer',
    ),
  );
  return { session: { ...initialSessionState, is_logged_in: true, ...session } };
}

const visitorWithAnswers = (values: Record<string, string | boolean>): Partial<RootState> => ({
  answers: { values, errors: {} },
});

async function renderAt(url: string, preloadedState?: Partial<RootState>) {
  const result = renderApp(url, { preloadedState });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}

async function loaded(result: Awaited<ReturnType<typeof renderAt>>) {
  await waitFor(() => expect(result.store.getState().session.profile_loaded).toBe(true));
  return result;
}

const tabs = () => screen.getByRole('navigation', { name: 'Application pages' });
const bottomButtons = () =>
  ['Save and go back', 'Save and Continue', 'Submit Application'].filter((name) =>
    screen.queryByRole('button', { name }),
  );

describe('FormLayout: structure', () => {
  it('has a skip link first, a header with the site name (not a heading), the page tabs, main, and a footer', async () => {
    const { user } = await renderAt('/about');
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Undergraduate Admission Application');
    expect(within(header).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(header).getByRole('navigation', { name: 'Application pages' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Account' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { level: 1, name: 'About You' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it.each([
    ['/about', 'About You'],
    ['/education', 'Your Academics'],
    ['/final-steps', 'Final Steps'],
  ])('on %s the tabs link the three pages, %s marked current', async (url, current) => {
    await renderAt(url);
    const links = within(tabs()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['About You', '/about'],
      ['Your Academics', '/education'],
      ['Final Steps', '/final-steps'],
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual([current]);
  });

  it.each([
    ['/about', ['Save and Continue']],
    ['/education', ['Save and go back', 'Save and Continue']],
    ['/final-steps', ['Save and go back', 'Save and Continue']],
    ['/check-answers', ['Save and go back', 'Submit Application']],
  ])('on %s the bottom bar has %j', async (url, buttons) => {
    await renderAt(url);
    expect(bottomButtons()).toEqual(buttons);
  });

  it('on /completion: no tabs, no bottom bar, no deadline banner; header, account menu and footer stay', async () => {
    const state = loggedIn(
      {},
      { web_status: [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }] },
    );
    const { router } = renderApp('/completion', { preloadedState: state });
    await screen.findByRole('heading', { level: 1, name: 'Application Submitted' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/completion');
    expect(screen.queryByRole('navigation', { name: 'Application pages' })).not.toBeInTheDocument();
    expect(bottomButtons()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // A submitted applicant on an early login is told what comes next.
    expect(await screen.findByRole('region', { name: 'Welcome' })).toHaveTextContent(/further steps are required/i);
  });

  it('a service user sees only the page: no header, tabs, account menu, banners, bottom bar, footer or toasts', async () => {
    server.use(
      http.get('*/service/tmp-pdf', () =>
        HttpResponse.json({ answer: { first_name: 'Staffed' }, add_another: {}, document_answer: {}, tabs: {} }),
      ),
    );
    const { store } = await renderAt('/final-steps?service_token=svc');
    await waitFor(() => expect(store.getState().session.is_service_user).toBe(true));
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('a service user’s load error shows inline, not as a modal', async () => {
    server.use(
      http.get('*/service/tmp-pdf', () => HttpResponse.json({ message: 'This link has expired.' }, { status: 404 })),
    );
    await renderAt('/about?service_token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders the store’s toasts and error dialog', async () => {
    const { store } = await renderAt('/education');
    act(() => {
      store.dispatch(toastShown({ severity: 'success', title: 'Success Notification', message: 'Saved.' }));
      store.dispatch(dialogShown({ message: 'Something broke.' }));
    });
    expect(screen.getByRole('status', { name: 'Success Notification' })).toHaveTextContent('Saved.');
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Something broke.');
  });
});

describe('FormLayout: tabs and page buttons ask the listeners to move', () => {
  it('a visitor with no answers: a tab goes to its page, no save', async () => {
    const calls = recordRequests({ 'PUT /api/answer': { message: 'saved', version: 2 } });
    const { user, router } = await renderAt('/about');
    await user.click(within(tabs()).getByRole('link', { name: 'Final Steps' }));
    await screen.findByRole('heading', { level: 1, name: 'Final Steps' });
    expect(router.state.location.pathname).toBe('/final-steps');
    expect(calls).toEqual([]);
  });

  it('a visitor with answers: a tab sends them to /signup carrying the answers', async () => {
    const { user, router } = await renderAt('/about', visitorWithAnswers({ first_name: 'Vera' }));
    await user.click(within(tabs()).getByRole('link', { name: 'Your Academics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.state).toEqual({ studentAnswers: { first_name: 'Vera' } });
  });

  it('the current tab does nothing', async () => {
    const { user, router } = await renderAt('/education', visitorWithAnswers({ first_name: 'Vera' }));
    await user.click(within(tabs()).getByRole('link', { name: 'Your Academics' }));
    expect(router.state.location.pathname).toBe('/education');
  });

  it('logged in: a tab saves the answers (PUT /api/answer) and only then moves; a tab is not a page change', async () => {
    let release: () => void = () => {};
    const saved = new Promise<void>((resolve) => (release = resolve));
    const calls = recordRequests({
      'PUT /api/answer': () => HttpResponse.json({ message: 'saved', version: 2 }),
    });
    server.use(
      http.put('*/api/answer', async () => {
        await saved;
        return undefined; // fall through to the recording handler
      }),
    );
    const result = await loaded(await renderAt('/about', loggedIn()));
    const { user, router, store } = result;
    act(() => void store.dispatch(answerChanged({ key: 'first_name', value: 'Ada' })));

    await user.click(within(tabs()).getByRole('link', { name: 'Final Steps' }));
    // The save is in flight: still here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/about');

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/answer', body: { first_name: 'Ada' } },
    ]);
    expect(store.getState().session.has_changed_page).toBe(false);
  });

  it("logged in: 'Save and Continue' saves, moves on and counts as a page change (the welcome banner goes)", async () => {
    const calls = recordRequests({ 'PUT /api/answer': { message: 'saved', version: 2 } });
    const { user, router, store } = await loaded(await renderAt('/about', loggedIn()));
    expect(screen.getByRole('region', { name: 'Welcome' })).toBeInTheDocument();
    act(() => void store.dispatch(answerChanged({ key: 'last_name', value: 'Lovelace' })));

    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/education'));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/answer', body: { last_name: 'Lovelace' } }]);
    expect(store.getState().session.has_changed_page).toBe(true);
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
  });

  it.each([
    ['/education', 'Save and go back', '/about'],
    ['/education', 'Save and Continue', '/final-steps'],
    ['/final-steps', 'Save and go back', '/education'],
  ])('a visitor on %s: %s goes to %s', async (url, button, target) => {
    const { user, router } = await renderAt(url);
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it("a visitor's 'Submit Application' (after the check) goes to /signup carrying the answers", async () => {
    const { user, router } = await renderAt(
      '/check-answers',
      visitorWithAnswers({ first_name: 'Vera', legal_agree: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.state).toEqual({ studentAnswers: { first_name: 'Vera', legal_agree: true } });
  });
});

describe('FormLayout: account popover', () => {
  it('a visitor: Sign In, Create Account and Close', async () => {
    const { user, router } = await renderAt('/about');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const popover = screen.getByRole('dialog', { name: 'Account' });
    expect(
      within(popover)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sign In', 'Create Account', 'Close']);
    await user.click(within(popover).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a visitor: Create Account goes to /signup', async () => {
    const { user, router } = await renderAt('/education');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('logged in: the username with a mail icon, and Log Out (GET /api/logout, then /login)', async () => {
    const calls = recordRequests({ 'GET /api/logout': { message: 'bye' } });
    const { user, router, store } = await loaded(await renderAt('/about', loggedIn()));
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const popover = screen.getByRole('dialog', { name: 'Account' });
    expect(within(popover).getByText(USERNAME)).toBeVisible();
    expect(popover.querySelector('.shell-icon-mail svg')?.parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(within(popover).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(
      within(popover)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Log Out', 'Close']);

    await user.click(within(popover).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ method: 'GET', path: '/api/logout', body: undefined }]);
    expect(store.getState().session.is_logged_in).toBe(false);
  });
});
