import { PDFDocument } from 'pdf-lib';
import { buildApplicationPdf } from '../../src/pdf/build';
import { printableApplication } from '../../src/pdf/outline';
import { pdfFileName } from '../../src/pdf/fileNames';
import { loadConfig } from '../../src/config';
import * as files from '../../../testing/files';
import { pageTexts } from '../../../testing/poppler';

/** The server's defaults (no PAPER_SIZE, no COLLEGE_TIME_ZONE): Letter, New York. */
const { paperSize, collegeTimeZone, collegeName } = loadConfig({});
const DEFAULT_SETTINGS = { paperSize, timeZone: collegeTimeZone, collegeName };

/** The copy of Ngozi Okafor's application with a two-page transcript attached. */
async function copy(options: { paperSize?: 'LETTER' | 'A4'; timeZone?: string } = {}) {
  const answers = { first_name: 'Ngozi', last_name: 'Okafor' };
  const bytes = await buildApplicationPdf({
    form: printableApplication({ answers, addAnother: {}, tabs: {} }),
    answers,
    username: 'okafor@example.com',
    applicationId: 'APP-000007',
    // 01:30 UTC on December 2 is the evening of December 1 in New York.
    submittedAt: new Date('2026-12-02T01:30:00Z'),
    now: new Date('2026-12-02T01:45:00Z'),
    compress: false,
    documents: [
      {
        answerKey: 'personal_statement_doc',
        label: 'Personal Statement Document',
        fileName: 'transcript.pdf',
        fileSize: 1000,
        bytes: await files.pdf(2, 'Transcript page'),
      },
    ],
    settings: { ...DEFAULT_SETTINGS, ...options },
  });
  return {
    ...bytes,
    pdf: await PDFDocument.load(bytes.bytes),
    text: files.pdfText(bytes.bytes),
    pages: pageTexts(bytes.bytes),
  };
}

describe('the PDF copy on paper', () => {
  it('is US Letter, with the applicant’s name and page x of y on every page, the attached document’s too', async () => {
    const { pdf, text, pages } = await copy({ timeZone: 'America/New_York' });
    const total = pdf.getPageCount();
    expect(total).toBeGreaterThanOrEqual(3);
    // The answers' pages are Letter; the attached document's pages keep the size the applicant gave them.
    for (const page of pdf.getPages().slice(0, total - 2)) {
      expect(page.getSize()).toEqual({ width: 612, height: 792 });
    }
    // Every page as a reader's tools read it (poppler), the attached document's pages included.
    expect(pages).toHaveLength(total);
    pages.forEach((page, i) => expect(page).toMatch(new RegExp(`Ngozi Okafor\\s+·\\s+Page ${i + 1} of ${total}`)));
    expect(pages[total - 1]).toContain('Transcript page 2');
    // Times in the college's zone, named.
    expect(text).toContain('Submitted on December 1, 2026 at 8:30 PM EST');
  });

  it('is A4 when the college asks for it', async () => {
    const { pdf } = await copy({ paperSize: 'A4' });
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('is named after the applicant', () => {
    expect(pdfFileName({ first_name: 'Ngozi', last_name: 'Okafor' })).toBe('Okafor-Ngozi-application.pdf');
    expect(pdfFileName({ first_name: 'José', last_name: "O'Neil Núñez" })).toBe('ONeil-Nunez-Jose-application.pdf');
    expect(pdfFileName({})).toBe('application.pdf');
  });
});
