import { screen, within } from '@testing-library/react';
import { READER, renderStaff, staffApiAnswers } from '../testing';
import type { Applicant } from './endpoints';
import { SCHOOL_REPORT } from './schoolReportSample';
import { sampleDetail } from './detailSample';

const DETAIL = sampleDetail({
  answer: {
    first_name: 'Ngozi',
    last_name: 'Okafor',
    applied_major: 'BIOL',
    spec_programs_honors: true,
    spec_programs_athletics: false,
    mailing_addr_same_as_perm_addr: 'Y',
    // Hidden: the mailing address shows only when it differs from the permanent one.
    mailing_city: 'Hidden City',
    personal_statement_essay: '=HYPERLINK("x")',
  },
  addAnother: {},
  tabs: {},
  documents: { personal_statement_doc: { file_name: 'transcript.docx', file_size: 20480 } },
  timeline: [
    { at: '2026-11-01T12:00:00.000Z', what: 'Account created' },
    { at: '2026-11-20T15:00:00.000Z', what: 'Submitted' },
  ],
});

const row = (id: number, name: string): Applicant => ({
  id: String(id),
  applicationId: `APP-${String(id).padStart(6, '0')}`,
  name,
  email: `${id}@example.com`,
  status: 'submitted',
  submittedAt: null,
  lastSavedAt: null,
  entryTerm: '',
  major: '',
  documentsWaiting: 0,
  documentsFailed: 0,
});

describe('one applicant', () => {
  it('shows the header, the answers with the definition’s labels (unanswered and hidden ones left out)', async () => {
    staffApiAnswers({
      'GET /me': READER,
      'GET /applicants/7': DETAIL,
      'GET /applicants/7/school-report': SCHOOL_REPORT,
      'GET /applicants/8/school-report': SCHOOL_REPORT,
      'GET /applicants': { rows: [row(7, 'Ngozi Okafor')], next: null, counts: {} },
    });
    renderStaff('/staff/applicants/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ngozi Okafor' })).toBeVisible();
    expect(screen.getByText('APP-000007')).toBeVisible();
    expect(screen.getByText('Submitted', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /November 20, 2026.*10:00:00 AM EST/,
    );

    const answers = await screen.findByRole('region', { name: 'Answers' });
    const major = within(answers).getByText('Choose a primary academic program of interest.');
    expect(major.nextElementSibling).toHaveTextContent('Biology');
    expect(within(answers).getByText('Honors College')).toBeVisible();
    expect(within(answers).queryByText('Intercollegiate athletics')).not.toBeInTheDocument();
    expect(within(answers).getByText('=HYPERLINK("x")')).toBeVisible();
    expect(within(answers).queryByText('Hidden City')).not.toBeInTheDocument();
    // Never answered: not shown.
    expect(within(answers).queryByText('Middle Name')).not.toBeInTheDocument();
    expect(within(answers).getByRole('heading', { name: 'Your Name' })).toBeVisible();

    const documents = screen.getByRole('region', { name: 'Documents' });
    const document = within(documents).getByRole('link', { name: /^Open PDF of transcript\.docx/ });
    expect(document).toHaveAttribute('href', '/staff/api/applicants/7/documents/personal_statement_doc');
    expect(document).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download the application as a PDF' })).toHaveAttribute(
      'href',
      '/staff/api/applicants/7/pdf',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText(/Account created/)).toBeVisible();
  });

  it('steps to the next applicant of the list, fetching the next page at its edge', async () => {
    const calls = staffApiAnswers({
      'GET /me': READER,
      'GET /applicants/7': DETAIL,
      'GET /applicants/7/school-report': SCHOOL_REPORT,
      'GET /applicants/8/school-report': SCHOOL_REPORT,
      'GET /applicants/8': { ...DETAIL, id: '8', name: 'Grace Hopper', applicationId: 'APP-000008' },
      'GET /applicants': { rows: [row(6, 'Ada'), row(7, 'Ngozi Okafor')], next: 'c1', counts: {} },
    });
    const { user, router } = renderStaff('/staff/applicants/7?status=submitted');
    await screen.findByRole('heading', { level: 1, name: 'Ngozi Okafor' });
    expect(await screen.findByRole('link', { name: 'Previous applicant' })).toHaveAttribute(
      'href',
      '/staff/applicants/6?status=submitted',
    );
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
      'href',
      '/staff/applicants?status=submitted',
    );

    const next = staffApiAnswers({
      'GET /applicants': { rows: [row(8, 'Grace Hopper')], next: null, counts: {} },
    });
    await user.click(screen.getByRole('button', { name: 'Next applicant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/staff/applicants/8');
    expect(router.state.location.search).toBe('?status=submitted&after=c1');
    expect(Object.fromEntries(next[0].query)).toEqual({ status: 'submitted', after: 'c1' });
    expect(calls.some((call) => call.path === '/staff/api/applicants/7')).toBe(true);
  });
});
