import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../tests/msw/server';
import { STAFF_MESSAGES } from '../kernel/staff/messages';
import { ADMIN, renderStaff, staffApiAnswers } from './testing';
import { staffApi } from './api';

describe('the staff API', () => {
  it('sends a call answered 401 (the session ended) to the sign-in page, which says why', async () => {
    staffApiAnswers({
      'GET /me': ADMIN,
      'GET /accounts': [401, { message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }],
    });
    const { router } = renderStaff('/staff/accounts?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
    // Signing in again returns to the page the session ended on.
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/staff/accounts?x=1')}`);
    expect(screen.getByText(STAFF_MESSAGES.notSignedIn)).toBeVisible();
  });

  it('sends a link opened signed out to the sign-in page with the link as returnTo', async () => {
    staffApiAnswers({ 'GET /me': [401, { message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }] });
    const { router } = renderStaff('/staff/applicants?status=submitted&q=ok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/staff/applicants?status=submitted&q=ok',
    );
  });

  it('sends nobody signed in (401 from /me) to the sign-in page', async () => {
    staffApiAnswers({ 'GET /me': [401, { message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }] });
    const { router } = renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
    // The home is where a sign-in goes anyway: no returnTo.
    expect(router.state.location.search).toBe('');
  });

  it('does not leave the sign-in page when the sign-in itself is answered 401', async () => {
    staffApiAnswers({ 'POST /sign-in': [401, { message: STAFF_MESSAGES.badSignIn, code: 'Unauthorized' }] });
    const { router, user } = renderStaff('/staff/sign-in');
    await user.type(await screen.findByLabelText('Email'), ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.badSignIn);
    expect(router.state.location.pathname).toBe('/staff/sign-in');
  });

  it('after Sign out says "signed out", though /me is answered 401 while the page changes', async () => {
    let signedOut = false;
    staffApiAnswers({ 'POST /sign-out': { message: STAFF_MESSAGES.signedOut } });
    server.use(
      http.get('*/staff/api/me', () =>
        signedOut
          ? HttpResponse.json({ message: STAFF_MESSAGES.notSignedIn, code: 'Unauthorized' }, { status: 401 })
          : HttpResponse.json(ADMIN),
      ),
      http.post('*/staff/api/sign-out', () => {
        signedOut = true;
        return HttpResponse.json({ message: STAFF_MESSAGES.signedOut });
      }),
    );
    const { router, user, store } = renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(STAFF_MESSAGES.signedOut)).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/sign-in');
    // /me asked again meanwhile (the layout is still there while the sign-in page loads) does not change the message.
    await store.dispatch(staffApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(screen.getByText(STAFF_MESSAGES.signedOut)).toBeVisible();
    expect(screen.queryByText(STAFF_MESSAGES.notSignedIn)).toBeNull();
  });
});
