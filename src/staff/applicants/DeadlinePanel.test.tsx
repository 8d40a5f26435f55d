import { screen, waitFor, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '../../kernel/staff/messages';
import { ADMIN, READER, renderStaff, staffApiAnswers } from '../testing';
import { sampleDetail } from './detailSample';
import type { ApplicantDetail } from './endpoints';

/** 11:59 PM on 15 January 2026 in New York: passed. */
const CLOSED = { closesAt: '2026-01-16T04:59:00.000Z', graceMinutes: 5, reopening: null };
const REOPENED = {
  ...CLOSED,
  reopening: { until: '2026-01-20T22:00:00.000Z', by: 'dean@college.example', at: '2026-01-17T14:00:00.000Z' },
};

async function panelFor(
  me: typeof ADMIN,
  deadline: ApplicantDetail['deadline'],
  extra: Parameters<typeof staffApiAnswers>[0] = {},
) {
  const calls = staffApiAnswers({
    'GET /me': me,
    'GET /applicants/7': sampleDetail({ deadline }),
    'GET /applicants/7/school-report': [404, { message: 'None.' }],
    'GET /applicants': { rows: [], next: null, counts: {}, reportCounts: {} },
    ...extra,
  });
  const view = renderStaff('/staff/applicants/7');
  const panel = await screen.findByRole('region', { name: 'Application deadline' });
  return { ...view, calls, panel: within(panel) };
}

describe('the applicant page’s application deadline', () => {
  it('says when Submit closed, with the grace, and that it is closed for this applicant; a reader cannot reopen', async () => {
    const { panel } = await panelFor(READER, CLOSED);
    expect(panel.getByText('January 15, 2026 at 11:59:00 PM EST')).toBeVisible();
    expect(panel.getByText(/submits still taken for 5 minutes after/)).toBeVisible();
    expect(panel.getByText('Closed')).toBeVisible();
    expect(panel.queryByRole('button', { name: 'Reopen Submit for this applicant' })).not.toBeInTheDocument();
  });

  it('an admin reopens it until a time in the college’s zone, and the answer is announced', async () => {
    const answer = 'Submit reopened for this applicant until January 20, 2026 at 5:00 PM EST.';
    const { panel, user, calls } = await panelFor(ADMIN, CLOSED, {
      'PUT /applicants/7/reopening': { message: answer },
    });
    const until = panel.getByLabelText('Open until');
    expect(until).toHaveAccessibleDescription(
      'A date and time in the college’s time zone (America/New_York), after the deadline.',
    );
    await user.type(until, '2026-01-20T17:00');
    await user.click(panel.getByRole('button', { name: 'Reopen Submit for this applicant' }));
    expect(await panel.findByText(answer)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/staff/api/applicants/7/reopening',
      body: { until: '2026-01-20T17:00' },
    });
  });

  it('asks for the time before sending anything', async () => {
    const { panel, user, calls } = await panelFor(ADMIN, CLOSED);
    await user.click(panel.getByRole('button', { name: 'Reopen Submit for this applicant' }));
    const until = panel.getByLabelText('Open until');
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(panel.getByText('Choose the date and time Submit stays open until.')).toBeVisible();
    await waitFor(() => expect(until).toHaveFocus());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal', async () => {
    const { panel, user } = await panelFor(ADMIN, CLOSED, {
      'PUT /applicants/7/reopening': [400, { message: STAFF_MESSAGES.reopenInPast, code: 'BadRequest' }],
    });
    await user.type(panel.getByLabelText('Open until'), '2020-01-01T00:00');
    await user.click(panel.getByRole('button', { name: 'Reopen Submit for this applicant' }));
    expect(await panel.findByText(STAFF_MESSAGES.reopenInPast)).toBeVisible();
  });

  it('a reopening shows until when and by whom, and an admin withdraws it', async () => {
    const { panel, user, calls } = await panelFor(ADMIN, REOPENED, {
      'DELETE /applicants/7/reopening': { message: STAFF_MESSAGES.reopenWithdrawn },
    });
    expect(panel.getByText(/^Reopened until/)).toHaveTextContent(
      'Reopened until January 20, 2026 at 5:00:00 PM EST by dean@college.example (January 17, 2026 at 9:00:00 AM EST)',
    );
    await user.click(panel.getByRole('button', { name: 'Withdraw the reopening' }));
    expect(await panel.findByText(STAFF_MESSAGES.reopenWithdrawn)).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/staff/api/applicants/7/reopening',
    ]);
  });

  it('is not on the page when the server has no deadline', async () => {
    staffApiAnswers({
      'GET /me': ADMIN,
      'GET /applicants/7': sampleDetail(),
      'GET /applicants/7/school-report': [404, { message: 'None.' }],
      'GET /applicants': { rows: [], next: null, counts: {}, reportCounts: {} },
    });
    renderStaff('/staff/applicants/7');
    await screen.findByRole('heading', { name: 'Timeline' });
    expect(screen.queryByRole('region', { name: 'Application deadline' })).not.toBeInTheDocument();
  });
});
