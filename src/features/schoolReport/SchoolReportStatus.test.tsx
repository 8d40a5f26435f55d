/**
 * The status page's school report (the completion page): submitted is not complete; the request's state and date,
 * the next automatic reminder, one reminder by hand, a changed counselor, a bounced address corrected, the waiver
 * revoked; the server's words shown and announced.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import type { SchoolReportStatusT } from '../../kernel/schoolReport/contract';
import { SCHOOL_REPORT_MESSAGES as M } from '../../kernel/schoolReport/messages';
import { waiverText } from '../../kernel/schoolReport/rules';
import { formState, LOGGED_IN } from '../form/testing';
import { SAMPLE_DAY, sampleRequest } from './testing';

const SUBMITTED = [{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }];
const DAY = SAMPLE_DAY;

const request = (overrides: Partial<NonNullable<SchoolReportStatusT['request']>> = {}) =>
  sampleRequest({ next_reminder_at: '2026-11-27T15:00:00.000Z', ...overrides });

function status(overrides: Partial<SchoolReportStatusT> = {}): SchoolReportStatusT {
  return {
    submitted_at: DAY,
    complete: false,
    can_request: false,
    request: request(),
    waiver: {
      choice: 'Y',
      text: waiverText('Y'),
      version: 1,
      recorded_at: DAY,
      revoked_at: null,
      revocation_text: null,
    },
    mails: [{ kind: 'request', status: 'sent', to: 'hopper@school.example', at: DAY }],
    checklist: [
      { key: 'application', label: 'Application', done: true, status: 'Submitted', at: DAY },
      { key: 'school_report', label: 'Counselor’s school report', done: false, status: 'Requested', at: DAY },
    ],
    ...overrides,
  };
}

function statusPage(initial: SchoolReportStatusT, handlers: Parameters<typeof server.use> = []) {
  let current = initial;
  server.use(
    http.get('*/api/pdf', () => HttpResponse.json({ status: 'completed', url: '/api/pdf/file?v=0123456789abcdef' })),
    http.get('*/api/school-report', () => HttpResponse.json(current)),
    ...handlers,
    ...loggedInAccountHandlers({ web_status: SUBMITTED, username: 'ngozi@example.com' }),
  );
  renderApp('/completion', { preloadedState: formState({ session: { ...LOGGED_IN, web_status: 'submitted' } }) });
  return { set: (next: SchoolReportStatusT) => (current = next) };
}

const section = () => screen.findByRole('region', { name: 'Your application’s status' }, { timeout: 5000 });

describe('the status page’s school report', () => {
  it('says submitted but not complete, with the request’s state, date and next automatic reminder', async () => {
    statusPage(status());
    const region = await section();
    expect(within(region).getByText(/Submitted, not yet complete\./)).toBeInTheDocument();
    expect(region).toHaveTextContent(/Grace Hopper \(hopper@school\.example\): Requested on November 20, 2026/);
    expect(region).toHaveTextContent(/We will remind them automatically on November 27, 2026/);
    const mails = within(region).getByRole('heading', { name: 'Emails about your school report' }).nextElementSibling;
    expect(mails).toHaveTextContent(
      /November 20, 2026 .*: Request sent to your counselor \(hopper@school\.example\): Sent/,
    );
  });

  it('sends one reminder by hand and announces the server’s words', async () => {
    const page = statusPage(status(), [
      http.post('*/api/school-report/reminder', () => {
        page.set(status({ request: request({ manual_reminder_available: false }) }));
        return HttpResponse.json({ message: M.reminded });
      }),
    ]);
    const region = await section();
    await userEvent.click(within(region).getByRole('button', { name: 'Send a reminder' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(M.reminded);
    expect(await within(region).findByText(M.reminderUsed)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Send a reminder' })).toBeDisabled();
  });

  it('changes the counselor, refusing the applicant’s own address before anything is sent', async () => {
    let sent: unknown = null;
    statusPage(status(), [
      http.put('*/api/school-report/counselor', async ({ request: req }) => {
        sent = await req.json();
        return HttpResponse.json({ message: M.changed });
      }),
    ]);
    const region = await section();
    await userEvent.click(within(region).getByRole('button', { name: 'Change counselor or email' }));
    const email = within(region).getByLabelText('Counselor Email Address');
    await userEvent.clear(email);
    await userEvent.type(email, 'Ngozi@Example.com');
    await userEvent.click(within(region).getByRole('button', { name: 'Send the request to this counselor' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(M.counselorIsApplicant);
    expect(sent).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@school.example');
    await userEvent.click(within(region).getByRole('button', { name: 'Send the request to this counselor' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(M.changed);
    expect(sent).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: 'ada@school.example' });
  });

  it('a bounced address is said so, with the form to correct it prefilled', async () => {
    statusPage(status({ request: request({ state: 'bounced', bounced_at: DAY, next_reminder_at: null }) }));
    const region = await section();
    expect(region).toHaveTextContent('Our email to hopper@school.example could not be delivered.');
    expect(within(region).getByLabelText('Counselor Email Address')).toHaveValue('hopper@school.example');
    expect(within(region).getByRole('button', { name: 'Send the request' })).toBeInTheDocument();
  });

  it('a declined request shows the counselor’s reason and asks who instead', async () => {
    statusPage(status({ request: request({ state: 'declined', decline_reason: 'I left in June.' }) }));
    const region = await section();
    expect(region).toHaveTextContent('Your counselor said: I left in June.');
    expect(region).toHaveTextContent('Who should we ask instead?');
  });

  it('complete once the report arrived, with its date', async () => {
    statusPage(
      status({
        complete: true,
        request: request({ state: 'received', received_at: DAY, received_via: 'counselor', next_reminder_at: null }),
        checklist: [
          { key: 'application', label: 'Application', done: true, status: 'Submitted', at: DAY },
          { key: 'school_report', label: 'Counselor’s school report', done: true, status: 'Received', at: DAY },
        ],
      }),
    );
    const region = await section();
    expect(within(region).getByText(/^Complete\./)).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')[1]).toHaveTextContent(
      /Counselor’s school report: Received \(November 20, 2026/,
    );
  });

  it('revokes the waiver after a confirmation', async () => {
    let revoked = false;
    statusPage(status(), [
      http.post('*/api/school-report/waiver/revoke', () => {
        revoked = true;
        return HttpResponse.json({ message: M.waiverRevoked });
      }),
    ]);
    const region = await section();
    expect(region).toHaveTextContent(waiverText('Y'));
    await userEvent.click(within(region).getByRole('button', { name: 'Revoke my waiver' }));
    expect(revoked).toBe(false);
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, revoke my waiver' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(M.waiverRevoked);
    expect(revoked).toBe(true);
  });

  it('not requested yet: asks the counselor the answers name, and says so', async () => {
    const page = statusPage(status({ can_request: true, request: null, mails: [] }), [
      http.post('*/api/school-report/request', () => {
        page.set(status());
        return HttpResponse.json({ message: M.requested });
      }),
    ]);
    const region = await section();
    await userEvent.click(within(region).getByRole('button', { name: 'Ask your counselor' }));
    expect(await within(region).findByText(M.requested)).toHaveAttribute('role', 'status');
    expect(await within(region).findByText(/We will remind them automatically on November 27, 2026/)).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Ask your counselor' })).not.toBeInTheDocument();
  });

  it('once the reminder by hand is used, the button is disabled with the reason', async () => {
    statusPage(status({ request: request({ manual_reminder_available: false, reminders_sent: 1 }) }));
    const region = await section();
    const remind = await within(region).findByRole('button', { name: 'Send a reminder' });
    expect(remind).toBeDisabled();
    expect(remind).toHaveAccessibleDescription(M.reminderUsed);
  });

  it('cancels only after a confirmation, then offers to name another counselor', async () => {
    let cancelled = false;
    const page = statusPage(status(), [
      http.delete('*/api/school-report', () => {
        cancelled = true;
        page.set(status({ can_request: true, request: request({ state: 'cancelled', cancelled_at: DAY }) }));
        return HttpResponse.json({ message: M.cancelled });
      }),
    ]);
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Cancel the request' }));
    expect(cancelled).toBe(false);
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await within(region).findByText(M.cancelled)).toHaveAttribute('role', 'status');
    expect(cancelled).toBe(true);
    expect(await within(region).findByRole('button', { name: 'Send the request' })).toBeVisible();
  });
});
