/** The names PDFs are downloaded under: the application's copy (applicants and staff) and a converted document. */

/** ASCII letters and digits of a name part, the rest dropped ("Nkechi O'Neil" → "Nkechi-ONeil"). */
const filePart = (text: unknown) =>
  typeof text === 'string'
    ? text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .trim()
        .split(/\s+/)
        .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
        .filter(Boolean)
        .join('-')
    : '';

/** The copy's file name, after the applicant: "Okafor-Ngozi-application.pdf" (last name first), else "application.pdf". */
export function pdfFileName(answers: Record<string, unknown>): string {
  const parts = [filePart(answers.last_name), filePart(answers.first_name)].filter(Boolean);
  return `${[...parts, 'application'].join('-')}.pdf`;
}

/** A converted document's download name: the uploaded file's name with .pdf ("My essay.docx" → "My essay.pdf"). */
export const documentPdfName = (fileName: string) =>
  `${fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9 ._-]/g, '_') || 'document'}.pdf`;
