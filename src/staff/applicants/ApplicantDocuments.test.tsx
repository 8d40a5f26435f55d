import { screen, within } from '@testing-library/react';
import { READER, renderStaff, staffApiAnswers } from '../testing';
import type { ApplicantDetail } from './endpoints';
import { SCHOOL_REPORT } from './schoolReportSample';
import { sampleDetail } from './detailSample';

const applicant = (documents: ApplicantDetail['documents']) =>
  sampleDetail({ answer: { first_name: 'Ngozi', last_name: 'Okafor' }, documents });

async function documentsOf(documents: ApplicantDetail['documents']) {
  staffApiAnswers({
    'GET /me': READER,
    'GET /applicants/7': applicant(documents),
    'GET /applicants/7/school-report': SCHOOL_REPORT,
    'GET /applicants': { rows: [], next: null, counts: {} },
  });
  renderStaff('/staff/applicants/7');
  await screen.findByRole('heading', { level: 1, name: 'Ngozi Okafor' });
  return within(await screen.findByRole('region', { name: 'Documents' }));
}

describe('an applicant’s documents', () => {
  it('a converted Word file: says so, opens its PDF in a new tab, and offers the original as a download', async () => {
    const documents = await documentsOf({
      personal_statement_doc: { file_name: 'My essay.docx', file_size: 20480 },
    });
    expect(documents.getByText(/My essay\.docx — converted to PDF \(20 KB uploaded\)/)).toBeVisible();
    const pdf = documents.getByRole('link', { name: 'Open PDF of My essay.docx (opens in a new tab)' });
    expect(pdf).toHaveAttribute('href', '/staff/api/applicants/7/documents/personal_statement_doc');
    expect(pdf).toHaveAttribute('target', '_blank');
    const original = documents.getByRole('link', { name: 'Download original (.docx) My essay.docx' });
    expect(original).toHaveAttribute('href', '/staff/api/applicants/7/documents/personal_statement_doc/original');
    expect(original).toHaveAttribute('download');
    expect(original).not.toHaveAttribute('target');
  });

  it('a PDF uploaded as a PDF: its one link, no original to offer', async () => {
    const documents = await documentsOf({
      personal_statement_doc: { file_name: 'statement.pdf', file_size: 2 * 1024 * 1024 },
    });
    expect(documents.getByText(/statement\.pdf \(2\.0 MB uploaded\)/)).toBeVisible();
    expect(documents.queryByText(/converted to PDF/)).not.toBeInTheDocument();
    expect(documents.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/staff/api/applicants/7/documents/personal_statement_doc',
      '/staff/api/applicants/7/pdf',
    ]);
    expect(documents.queryByRole('link', { name: /Download original/ })).not.toBeInTheDocument();
  });

  it('the counselor’s documents are in the list under their own labels, opened as the others are', async () => {
    const documents = await documentsOf({
      school_report_transcript: { file_name: 'grades.pdf', file_size: 4096 },
      school_report_recommendation: { file_name: 'letter.pdf', file_size: 2048 },
    });
    expect(documents.getByText(/^Transcript \(from the counselor\): grades\.pdf/)).toBeVisible();
    expect(documents.getByText(/^Recommendation \(from the counselor\): letter\.pdf/)).toBeVisible();
    expect(documents.getByRole('link', { name: 'Open PDF of grades.pdf (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/staff/api/applicants/7/documents/school_report_transcript',
    );
  });
});
