import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { loggedInAccountHandlers } from '../../tests/msw/auth';
import { renderApp } from '../../tests/renderWithProviders';
import { initialSessionState } from '../features/session/sessionSlice';
import type { RootState } from './store';
import { logoutRequested } from '../shared/events';

const loggedIn = (extra: Partial<RootState['session']> = {}): Partial<RootState> => ({
  session: { ...initialSessionState, is_logged_in: true, ...extra },
});

/** The account calls a logged-in start-up makes (shared with the auth page tests). */
const profileHandlers = (profile: object) => server.use(...loggedInAccountHandlers(profile as Record<string, unknown>));

describe('routes', () => {
  it.each([
    ['/about', 'About You'],
    ['/education', 'Your Academics'],
    ['/final-steps', 'Final Steps'],
    ['/signup', 'Sign Up'],
    ['/confirm', 'Confirm Your Account'],
    ['/login', 'Log In'],
    ['/forgot', 'Forgot Password'],
    ['/reset?username=a%40b.co&id=x', 'Reset Password'],
  ])('%s shows %s', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends an unknown path to /about, keeping the query string', async () => {
    const { router } = renderApp('/nowhere/at/all?utm=mail&x=1');
    expect(await screen.findByRole('heading', { name: 'About You' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.search).toBe('?utm=mail&x=1');
  });

  it('sends / to /about', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
  });

  it('sends a visitor on /completion to /about', async () => {
    const { router } = renderApp('/completion');
    await screen.findByRole('heading', { name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
  });

  it('always sends a submitted applicant to /completion', async () => {
    profileHandlers({
      web_status: [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }],
    });
    const { router } = renderApp('/education', { preloadedState: loggedIn() });
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/completion');
  });

  it('restores the stored last page on load when it differs and the page was not changed yet', async () => {
    profileHandlers({ last_page: '/final-steps' });
    const { router } = renderApp('/about', { preloadedState: loggedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
  });

  it('does not restore the last page after a page change', async () => {
    profileHandlers({ last_page: '/final-steps' });
    const { router, store } = renderApp('/about', { preloadedState: loggedIn({ has_changed_page: true }) });
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    expect(router.state.location.pathname).toBe('/about');
  });

  it('reads a public link token and loads its answers for a visitor', async () => {
    server.use(
      http.get('*/public/tmp', ({ request }) =>
        new URL(request.url).searchParams.get('token') === 'tok123'
          ? HttpResponse.json({ first_name: 'Linked' })
          : HttpResponse.json({ message: 'This link is invalid or has expired.' }, { status: 404 }),
      ),
    );
    const { store } = renderApp('/about?token=tok123');
    await waitFor(() => expect(store.getState().answers.values).toEqual({ first_name: 'Linked' }));
  });

  it("reads service_token: service mode with that applicant's answers", async () => {
    server.use(
      http.get('*/service/tmp-pdf', () =>
        HttpResponse.json({
          answer: { first_name: 'Staffed' },
          add_another: { activity: 2 },
          document_answer: {},
          tabs: { ps: 'essay' },
        }),
      ),
    );
    const { store } = renderApp('/about?service_token=svc');
    await waitFor(() => expect(store.getState().answers.values).toEqual({ first_name: 'Staffed' }));
    expect(store.getState().session.is_service_user).toBe(true);
    expect(store.getState().addAnother.counts).toEqual({ activity: 2 });
    expect(store.getState().tabs.chosen).toEqual({ ps: 'essay' });
  });
});

describe('logging out from /completion', () => {
  it('lands on /login, not /about', async () => {
    profileHandlers({
      web_status: [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }],
    });
    server.use(http.get('*/api/logout', () => HttpResponse.json({ message: 'bye' })));
    const { router, store } = renderApp('/completion', { preloadedState: loggedIn() });
    await screen.findByRole('heading', { name: 'Application Submitted' });
    store.dispatch(logoutRequested({ reason: 'user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('navigation state on the form routes', () => {
  it("shows successMessage once as the 'Success Notification' toast (the submit lands on /completion with it)", async () => {
    profileHandlers({
      web_status: [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }],
    });
    const { router, store } = renderApp('/about', { preloadedState: loggedIn() });
    await screen.findByRole('heading', { name: 'Application Submitted' });
    await router.navigate('/completion', { state: { successMessage: 'Your application was successfully submitted.' } });
    await waitFor(() =>
      expect(store.getState().notifications.toasts).toMatchObject([
        { severity: 'success', title: 'Success Notification', message: 'Your application was successfully submitted.' },
      ]),
    );
    expect(await screen.findByRole('status', { name: 'Success Notification' })).toBeInTheDocument();
  });
});
