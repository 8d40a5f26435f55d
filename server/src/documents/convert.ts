import type { PDFDocument } from 'pdf-lib';
import { A4, fontFor, MARGIN, printable, renderPdf, type PdfKitDocument } from '../pdf/pdfkit';
import { htmlToBlocks, type Block, type Run } from './html';
import type { DocumentKind } from './inspect';
import { inspectDocx, ZipRefused } from './zip';

/**
 * A Word document's limits once laid out. The pages were 300 in Helvetica; Noto Sans (server/src/pdf/pdfkit.ts)
 * sets the same text on about 20 % more pages, so 360 keeps accepting what was accepted then (bench/documents.ts
 * times a document near the limit).
 */
export const DOCX_LIMITS = { maxPages: 360, maxTextChars: 1_500_000 } as const;

/** Why a file could not be converted, in words for the applicant (the status message of SPEC §3). */
export const CONVERSION_MESSAGES = {
  encryptedPdf:
    'This PDF is password-protected or encrypted, so it cannot be added to your application. Please upload a PDF without a password.',
  corruptPdf: 'This PDF could not be read; it may be damaged. Please check the file and upload it again.',
  corruptImage: 'This image could not be read; it may be damaged. Please check the file and upload it again.',
  corruptDocx:
    'This Word document could not be read; it may be damaged. Please open it in Word, save it again as .docx, or upload a PDF instead.',
  docxTooLarge:
    'This Word document is too large once unpacked (more than 20 MB of content). Please reduce it or upload a PDF instead.',
  docxTooLong: `This Word document is too long to convert (more than ${DOCX_LIMITS.maxPages} pages). Please upload a shorter document.`,
  missing: 'We could not find your uploaded file. Please upload it again.',
  failed: 'Your file could not be converted. Please try again, or upload it as a PDF.',
  /** The file store could not be reached for an hour: a problem on our side, not the applicant's file. */
  unavailable: 'We could not convert your file because of a problem on our side. Please upload it again later.',
} as const;

/** A conversion that failed for a reason the applicant can act on; its message is shown as it is. */
export class ConversionError extends Error {}

export interface ConvertedPdf {
  bytes: Uint8Array;
  pages: number;
}

export interface ConvertOptions {
  /** pdfkit stream compression (off in tests). */
  compress: boolean;
}

/**
 * pdf-lib reads the whole ArrayBuffer under a view (new DataView(bytes.buffer)), so a Buffer that is a slice of
 * Node's shared pool must be copied into its own memory first.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** An image on one A4 page (landscape when it is wider than tall), scaled down to fit, never up. */
async function imageToPdf(kind: 'png' | 'jpeg', bytes: Uint8Array): Promise<ConvertedPdf> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  let image;
  try {
    image = kind === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.corruptImage);
  }
  if (!(image.width > 0 && image.height > 0)) throw new ConversionError(CONVERSION_MESSAGES.corruptImage);
  const [width, height] = image.width > image.height ? [A4[1], A4[0]] : A4;
  const margin = 36;
  const scale = Math.min(1, (width - 2 * margin) / image.width, (height - 2 * margin) / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const page = pdf.addPage([width, height]);
  page.drawImage(image, { x: (width - w) / 2, y: height - margin - h, width: w, height: h });
  return { bytes: await pdf.save(), pages: 1 };
}

/** A PDF is kept as it is once pdf-lib can open it (not encrypted, has pages). */
async function checkPdf(bytes: Uint8Array): Promise<ConvertedPdf> {
  const { PDFDocument: Pdf } = await import('pdf-lib');
  let pdf: PDFDocument;
  try {
    // Opened despite encryption, to tell an encrypted PDF (the trailer has /Encrypt) from a broken one.
    pdf = await Pdf.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.corruptPdf);
  }
  if (pdf.isEncrypted) throw new ConversionError(CONVERSION_MESSAGES.encryptedPdf);
  let pages: number;
  try {
    pages = pdf.getPageCount();
    // Every page must have a size; a broken page tree fails here rather than when the application PDF is built.
    for (const page of pdf.getPages()) page.getSize();
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.corruptPdf);
  }
  if (pages < 1) throw new ConversionError(CONVERSION_MESSAGES.corruptPdf);
  return { bytes, pages };
}

const HEADING_SIZES = [0, 18, 15, 13, 12, 11, 11];
const BODY_SIZE = 11;
const INDENT = 18;

function writeRuns(doc: PdfKitDocument, runs: Run[], x: number, width: number, size: number, forceBold = false) {
  const parts = runs
    .map((run) => ({ ...run, text: printable(run.text) }))
    .filter((run) => run.text !== '')
    // pdfkit drops a trailing line break of the last segment; a lone '\n' run would end the chain early.
    .filter((run, i, all) => !(i === all.length - 1 && run.text.trim() === ''));
  if (parts.length === 0) return;
  doc.fontSize(size);
  parts.forEach((run, i) => {
    doc.font(fontFor(forceBold || run.bold, run.italic));
    const options = { width, continued: i < parts.length - 1, underline: run.underline, strike: run.strike };
    if (i === 0) doc.text(run.text, x, doc.y, options);
    else doc.text(run.text, options);
  });
}

function ensureSpace(doc: PdfKitDocument, height: number) {
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + height > bottom && doc.y > doc.page.margins.top) doc.addPage();
}

function writeTable(doc: PdfKitDocument, rows: { header: boolean; cells: string[] }[], contentWidth: number) {
  const columns = Math.max(...rows.map((r) => r.cells.length));
  const colWidth = contentWidth / columns;
  const pad = 4;
  const usable = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
  doc.fontSize(BODY_SIZE - 1);
  for (const row of rows) {
    doc.font(fontFor(row.header, false));
    const texts = row.cells.map((c) => printable(c));
    const height = Math.max(...texts.map((t) => doc.heightOfString(t || ' ', { width: colWidth - 2 * pad }))) + 2 * pad;
    if (height > usable) {
      // A row taller than a page: its cells are written one after the other and flow across pages.
      for (const text of texts) doc.text(text, MARGIN, doc.y, { width: contentWidth });
      doc.moveDown(0.5);
      continue;
    }
    ensureSpace(doc, height);
    const top = doc.y;
    texts.forEach((text, i) => {
      const x = MARGIN + i * colWidth;
      doc.rect(x, top, colWidth, height).lineWidth(0.5).stroke('#888888');
      doc.text(text, x + pad, top + pad, { width: colWidth - 2 * pad });
    });
    doc.x = MARGIN;
    doc.y = top + height;
  }
  doc.moveDown(0.6);
}

/** pdfkit's openImage (not in its type definitions): reads an image's size before placing it. */
type OpenedImage = { width: number; height: number };
const openImage = (doc: PdfKitDocument, data: Buffer) =>
  (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);

function writeImage(doc: PdfKitDocument, data: Buffer, contentWidth: number) {
  let image: OpenedImage;
  try {
    image = openImage(doc, data);
  } catch {
    return; // An image pdfkit cannot read is left out; the text still converts.
  }
  const maxHeight = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) * 0.9;
  const scale = Math.min(1, contentWidth / image.width, maxHeight / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ensureSpace(doc, h);
  // An opened image is accepted where a source is (pdfkit checks for width and height).
  doc.image(image as unknown as Buffer, MARGIN, doc.y, { width: w, height: h });
  doc.x = MARGIN;
  doc.y += h + 8;
}

/** Lays the blocks out on A4 pages; long text flows across pages. Yields to the event loop now and then. */
export async function layoutBlocks(doc: PdfKitDocument, blocks: Block[], maxPages: number = DOCX_LIMITS.maxPages) {
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));
  const contentWidth = doc.page.width - 2 * MARGIN;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    switch (block.type) {
      case 'heading': {
        const size = HEADING_SIZES[block.level] ?? BODY_SIZE;
        if (doc.y > doc.page.margins.top) doc.moveDown(0.4);
        ensureSpace(doc, size * 3);
        writeRuns(doc, block.runs, MARGIN, contentWidth, size, true);
        doc.moveDown(0.3);
        break;
      }
      case 'paragraph':
        writeRuns(doc, block.runs, MARGIN, contentWidth, BODY_SIZE);
        doc.moveDown(0.5);
        break;
      case 'listItem': {
        const x = MARGIN + block.depth * INDENT;
        ensureSpace(doc, BODY_SIZE * 1.5);
        const top = doc.y;
        if (block.marker) {
          doc.font(fontFor(false, false)).fontSize(BODY_SIZE).text(printable(block.marker), x, top, { width: INDENT });
          doc.y = top;
        }
        writeRuns(doc, block.runs, x + INDENT, contentWidth - (x + INDENT - MARGIN), BODY_SIZE);
        doc.moveDown(0.25);
        break;
      }
      case 'table':
        writeTable(doc, block.rows, contentWidth);
        break;
      case 'image':
        writeImage(doc, block.data, contentWidth);
        break;
    }
    doc.x = MARGIN;
    if (pages > maxPages) throw new ConversionError(CONVERSION_MESSAGES.docxTooLong);
    if (i % 40 === 39) await new Promise((resolve) => setImmediate(resolve));
  }
  return pages;
}

function textLength(blocks: Block[]): number {
  let n = 0;
  for (const block of blocks) {
    if (block.type === 'table') for (const row of block.rows) for (const cell of row.cells) n += cell.length;
    else if (block.type !== 'image') for (const run of block.runs) n += run.text.length;
  }
  return n;
}

/** DOCX → PDF: zip checks, mammoth (convertToHtml), then our own layout with pdfkit. */
async function docxToPdf(bytes: Uint8Array, options: ConvertOptions): Promise<ConvertedPdf> {
  try {
    inspectDocx(bytes);
  } catch (error) {
    if (error instanceof ZipRefused && error.reason === 'too_large') {
      throw new ConversionError(CONVERSION_MESSAGES.docxTooLarge);
    }
    throw new ConversionError(CONVERSION_MESSAGES.corruptDocx);
  }
  let html: string;
  try {
    // Loaded on first use, like pdf-lib and pdfkit: a server that converts nothing never pays for them.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // No linked files from the server's disk, ever.
      { externalFileAccess: false },
    );
    html = result.value;
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.corruptDocx);
  }
  const blocks = htmlToBlocks(html);
  if (textLength(blocks) > DOCX_LIMITS.maxTextChars) throw new ConversionError(CONVERSION_MESSAGES.docxTooLong);
  let pages = 0;
  const pdf = await renderPdf({ compress: options.compress }, async (doc) => {
    pages = await layoutBlocks(doc, blocks);
  });
  return { bytes: pdf, pages };
}

/** The PDF of an accepted upload. Throws ConversionError with the applicant's message when it cannot be made. */
export async function convertToPdf(kind: DocumentKind, input: Uint8Array, options: ConvertOptions) {
  const bytes = ownBytes(input);
  switch (kind) {
    case 'png':
    case 'jpeg':
      return imageToPdf(kind, bytes);
    case 'pdf':
      return checkPdf(bytes);
    case 'docx':
      return docxToPdf(bytes, options);
  }
}
