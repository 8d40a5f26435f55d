/**
 * "Send the request now" on Final Steps: it waits for the counselor's name, a valid address that is not the
 * applicant's own and the waiver answer, then sends and shows the server's words; once a request exists it says
 * when it went and its state.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import type { SchoolReportStatusT } from '../../kernel/schoolReport/contract';
import { SCHOOL_REPORT_MESSAGES as M } from '../../kernel/schoolReport/messages';
import { formState, LOGGED_IN } from '../form/testing';
import { sampleRequest, sampleStatus } from './testing';

const COUNSELOR = {
  counselor_first_name: 'Grace',
  counselor_last_name: 'Hopper',
  counselor_email_address: 'hopper@school.example',
  counselor_waiver_request: 'Y',
};

const none = sampleStatus();
const requested = sampleStatus({ can_request: false, request: sampleRequest() });

function finalSteps(values: Record<string, string>, initial: SchoolReportStatusT = none) {
  let current = initial;
  let posts = 0;
  server.use(
    http.get('*/api/school-report', () => HttpResponse.json(current)),
    http.post('*/api/school-report/request', () => {
      posts += 1;
      current = requested;
      return HttpResponse.json({ message: M.requested });
    }),
  );
  renderApp('/final-steps', { preloadedState: formState({ session: LOGGED_IN, values }) });
  return { posts: () => posts };
}

const button = () => screen.findByRole('button', { name: 'Send the request now' }, { timeout: 5000 });

describe('Send the request now', () => {
  it('says what is missing and sends nothing until the counselor and the waiver are answered', async () => {
    const page = finalSteps({ counselor_first_name: 'Grace' });
    const send = await button();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription(new RegExp(M.needsAnswers.slice(0, 30)));
    await userEvent.click(send);
    expect(page.posts()).toBe(0);
  });

  it('refuses the applicant’s own address as the counselor’s', async () => {
    const page = finalSteps({ ...COUNSELOR, counselor_email_address: LOGGED_IN.username as string });
    const send = await button();
    expect(send).toHaveAccessibleDescription(new RegExp(M.counselorIsApplicant));
    await userEvent.click(send);
    expect(page.posts()).toBe(0);
  });

  it('sends once answered, announces the server’s words, then says when it went', async () => {
    const page = finalSteps(COUNSELOR);
    const send = await button();
    expect(send).not.toHaveAttribute('aria-disabled');
    await userEvent.click(send);
    expect(await screen.findByText(M.requested)).toHaveAttribute('role', 'status');
    expect(page.posts()).toBe(1);
    expect(await screen.findByText(/We asked Grace Hopper on November 20, 2026/)).toHaveTextContent(/Requested/);
    expect(screen.queryByRole('button', { name: 'Send the request now' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    finalSteps(COUNSELOR);
    server.use(
      http.post('*/api/school-report/request', () =>
        HttpResponse.json({ message: M.cycleEnded, code: 'CycleEnded' }, { status: 409 }),
      ),
    );
    await userEvent.click(await button());
    expect(await screen.findByText(M.cycleEnded)).toHaveAttribute('role', 'alert');
  });
});
