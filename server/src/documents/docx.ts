import { CONVERSION_MESSAGES, ConversionError, DOCX_LIMITS, type ConvertedPdf } from './convert';
import { LibreOfficeRefused, type LibreOffice } from './libreoffice/converter';
import { inspectDocx, ZipRefused } from './zip';

/**
 * DOCX → PDF: the zip is checked first (zip.ts: sizes, ratio, sizes that lie), then LibreOffice converts it
 * (libreoffice/converter.ts), keeping the layout the applicant made: headers and footers, sections, page size,
 * tables, footnotes, columns. A file it cannot open, or longer than the limit, fails with the applicant's reason.
 */
export async function docxToPdf(office: LibreOffice, bytes: Uint8Array): Promise<ConvertedPdf> {
  try {
    inspectDocx(bytes);
  } catch (error) {
    if (error instanceof ZipRefused && error.reason === 'too_large') {
      throw new ConversionError(CONVERSION_MESSAGES.docxTooLarge);
    }
    throw new ConversionError(CONVERSION_MESSAGES.corruptDocx);
  }
  try {
    return await office.convert(bytes, DOCX_LIMITS.maxPages);
  } catch (error) {
    if (!(error instanceof LibreOfficeRefused)) throw error;
    throw new ConversionError(
      error.reason === 'tooLong' ? CONVERSION_MESSAGES.docxTooLong : CONVERSION_MESSAGES.corruptDocx,
    );
  }
}
