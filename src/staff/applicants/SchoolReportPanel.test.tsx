import { screen, waitFor, within } from '@testing-library/react';
import { SCHOOL_REPORT_MESSAGES } from '../../kernel/schoolReport/messages';
import { ADMIN, READER, renderStaff, staffApiAnswers } from '../testing';
import { SCHOOL_REPORT } from './schoolReportSample';
import { sampleDetail } from './detailSample';

const DETAIL = sampleDetail();

async function panelFor(me: typeof ADMIN, extra: Parameters<typeof staffApiAnswers>[0] = {}) {
  const calls = staffApiAnswers({
    'GET /me': me,
    'GET /applicants/7': DETAIL,
    'GET /applicants/7/school-report': SCHOOL_REPORT,
    'GET /applicants': { rows: [], next: null, counts: {}, reportCounts: {} },
    ...extra,
  });
  const view = renderStaff('/staff/applicants/7');
  const panel = await screen.findByRole('region', { name: 'School report' });
  await within(panel).findByRole('heading', { name: 'Checklist' });
  return { ...view, calls, panel: within(panel) };
}

describe('the school report panel', () => {
  it('shows the checklist, the request, the answered address beside it, and the waiver’s exact text', async () => {
    const { panel } = await panelFor(READER);
    expect(panel.getByText(/^Counselor’s school report: Declined by the counselor/)).toBeVisible();
    expect(panel.getByText(/^Official SAT scores: Needed/)).toBeVisible();
    expect(panel.getByText('The application is not complete yet.')).toBeVisible();
    expect(panel.getByText('Grace Hopper <g.hopper@school.example>')).toBeVisible();
    expect(panel.getByText('I left this school in June.')).toBeVisible();
    expect(panel.getByText(/The applicant answered: Grace Hopper <grace@school\.example>/)).toBeVisible();
    expect(panel.getByText('I waive my right to see the recommendation. Yes')).toBeVisible();
    expect(panel.getByText('Text shown (version 1)')).toBeVisible();
    // A reader reads; the actions are for school-report-manage.
    expect(panel.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument();
  });

  it('an admin resends to a corrected address, and the answer is announced', async () => {
    const { panel, user, calls } = await panelFor(ADMIN, {
      'PUT /applicants/7/school-report/counselor': { message: SCHOOL_REPORT_MESSAGES.changed },
    });
    const email = panel.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace.h@school.example');
    await user.click(panel.getByRole('button', { name: 'Send the request' }));
    expect(await panel.findByText(SCHOOL_REPORT_MESSAGES.changed)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.h@school.example',
    });
  });

  it('marking needs a note: the error is shown on the field, then the mark is sent with it', async () => {
    const { panel, user, calls } = await panelFor(ADMIN, {
      'POST /applicants/7/school-report/mark': { message: SCHOOL_REPORT_MESSAGES.markedReceived },
    });
    await user.click(panel.getByRole('button', { name: 'Mark the school report' }));
    const note = panel.getByLabelText('Note (required)');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(panel.getByText(SCHOOL_REPORT_MESSAGES.noteRequired)).toBeVisible();
    await waitFor(() => expect(note).toHaveFocus());
    await user.type(note, 'Transcript came by post.');
    await user.click(panel.getByRole('button', { name: 'Mark the school report' }));
    expect(await panel.findByText(SCHOOL_REPORT_MESSAGES.markedReceived)).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/mark'))?.body).toEqual({
      mark: 'received_other_means',
      note: 'Transcript came by post.',
    });
  });

  it('a refusal shows the server’s words; a needed item is marked done by its own button', async () => {
    const { panel, user, calls } = await panelFor(ADMIN, {
      'POST /applicants/7/school-report/cancel': [409, { message: SCHOOL_REPORT_MESSAGES.finished, code: 'Finished' }],
      'POST /applicants/7/checklist/5/done': { message: 'Marked done.' },
    });
    await user.click(panel.getByRole('button', { name: 'Cancel the request' }));
    expect(await panel.findByText(SCHOOL_REPORT_MESSAGES.finished)).toBeVisible();
    await user.click(panel.getByRole('button', { name: 'Mark done: Official SAT scores' }));
    expect(await panel.findByText('Official SAT scores: marked done.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/staff/api/applicants/7/checklist/5/done')).toBe(true);
  });

  it('a report received by other means: its note shows, and only the checklist can still be changed', async () => {
    const request = SCHOOL_REPORT.status.request!;
    const { panel } = await panelFor(ADMIN, {
      'GET /applicants/7/school-report': {
        ...SCHOOL_REPORT,
        status: {
          ...SCHOOL_REPORT.status,
          request: {
            ...request,
            state: 'received',
            received_via: 'other_means',
            received_at: request.state_at,
            decline_reason: null,
            staff_note: 'Transcript came by post.',
          },
        },
      },
    });
    expect(panel.getByText(/^Received \(by other means\) since/)).toBeVisible();
    expect(panel.getByText('Transcript came by post.')).toBeVisible();
    expect(panel.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Mark the school report' })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Add to the checklist' })).toBeVisible();
  });
});
