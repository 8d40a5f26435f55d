/**
 * The completion page as a submitted applicant sees it: the application's id (from the profile) to quote, and the
 * college's phone as a link that dials.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { loggedInAccountHandlers } from '../../../../tests/msw/auth';
import { server } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/renderWithProviders';
import { PARTNER } from '../../../kernel/partner';
import { formState, LOGGED_IN } from '../testing';

const SUBMITTED = [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }];

function submittedApplicant(profile: Record<string, unknown>) {
  server.use(
    http.get('*/api/pdf', () => HttpResponse.json({ status: 'completed', url: '/api/pdf/file?v=0123456789abcdef' })),
    ...loggedInAccountHandlers({ web_status: SUBMITTED, ...profile }),
  );
  return renderApp('/completion', {
    preloadedState: formState({ session: { ...LOGGED_IN, web_status: 'submitted' } }),
  });
}

describe('the completion page', () => {
  it('gives the application id staff know it by, once the profile is in', async () => {
    submittedApplicant({ application_id: 'APP-000123' });
    await screen.findByRole('heading', { level: 1, name: 'Application Submitted' }, { timeout: 5000 });
    const id = await screen.findByText('APP-000123');
    expect(id.closest('p')).toHaveTextContent(
      'Your application ID is APP-000123. Please quote it whenever you contact us.',
    );
  });

  it('says nothing of an id the server did not give', async () => {
    const { store } = submittedApplicant({});
    await screen.findByRole('heading', { level: 1, name: 'Application Submitted' }, { timeout: 5000 });
    await waitFor(() => expect(store.getState().session.profile_loaded).toBe(true));
    expect(screen.queryByText(/Your application ID is/)).not.toBeInTheDocument();
  });

  it('has the college’s phone as a tel: link', async () => {
    submittedApplicant({ application_id: 'APP-000123' });
    await screen.findByRole('heading', { level: 1, name: 'Application Submitted' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: PARTNER.phone })).toHaveAttribute('href', 'tel:5550100142');
  });
});
