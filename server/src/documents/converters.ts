import type { ConvertedPdf } from './convert';
import { createThreadConverter, type ThreadConverterOptions } from './convertInThread';
import { docxToPdf } from './docx';
import type { DocumentKind } from './inspect';
import { createLibreOffice, type LibreOfficeOptions } from './libreoffice/converter';

export interface ConvertersOptions {
  thread?: ThreadConverterOptions;
  libreOffice?: LibreOfficeOptions;
}

/**
 * Every conversion the worker asks for, each off the server's thread: Word documents by LibreOffice (a process of
 * its own), images and PDFs in the conversion thread (pdf-lib).
 */
export function createConverters(options: ConvertersOptions = {}) {
  const thread = createThreadConverter(options.thread);
  const office = createLibreOffice(options.libreOffice);
  return {
    convert(kind: DocumentKind, bytes: Uint8Array): Promise<ConvertedPdf> {
      return kind === 'docx' ? docxToPdf(office, bytes) : thread.convert(kind, bytes);
    },
    async stop() {
      await Promise.all([thread.stop(), office.stop()]);
    },
  };
}
