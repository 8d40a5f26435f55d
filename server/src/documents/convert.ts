import type { PDFDocument } from 'pdf-lib';
import type { DocumentKind } from './inspect';

/**
 * A Word document's page limit once converted (LibreOffice counts its pages before it writes the PDF). 360 is the
 * limit documents had before LibreOffice converted them, kept so that nothing accepted then is refused now
 * (bench/documents.ts times a document near it).
 */
export const DOCX_LIMITS = { maxPages: 360 } as const;

/** The kinds converted in the conversion thread; Word documents go to LibreOffice (docx.ts). */
export type ThreadKind = Exclude<DocumentKind, 'docx'>;

/** Why a file could not be converted, in words for the applicant (the status message of SPEC §3). */
export const CONVERSION_MESSAGES = {
  encryptedPdf:
    'This PDF is password-protected or encrypted, so it cannot be added to your application. Please upload a PDF without a password.',
  corruptPdf: 'This PDF could not be read; it may be damaged. Please check the file and upload it again.',
  corruptImage: 'This image could not be read; it may be damaged. Please check the file and upload it again.',
  corruptDocx:
    'This Word document could not be read; it may be damaged. Please open it in Word, save it again as .docx, or upload a PDF instead.',
  encryptedDocx:
    'This Word document is password-protected or encrypted, so it cannot be added to your application. Please upload it without a password, or upload a PDF instead.',
  oldWordDocument:
    'This is an older Word document (.doc) with a .docx name. Please open it in Word and save it as .docx, or upload a PDF instead.',
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

/**
 * pdf-lib reads the whole ArrayBuffer under a view (new DataView(bytes.buffer)), so a Buffer that is a slice of
 * Node's shared pool must be copied into its own memory first.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** A4 in points, portrait: an image's page fits inside it (or inside its landscape turn). */
const A4: [number, number] = [595.28, 841.89];

/**
 * Where the unit square an image is drawn in goes on a page of the displayed size w × h, for each EXIF
 * orientation (1–8): the pixels are stored one way, and the camera says how to turn or mirror them for display.
 * The six numbers are a PDF transformation matrix [a b c d e f].
 */
function orientationMatrix(
  orientation: number,
  w: number,
  h: number,
): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-w, 0, 0, h, w, 0]; // mirrored left to right
    case 3:
      return [-w, 0, 0, -h, w, h]; // turned 180°
    case 4:
      return [w, 0, 0, -h, 0, h]; // mirrored top to bottom
    case 5:
      return [0, -h, -w, 0, w, h]; // mirrored along the top-left diagonal
    case 6:
      return [0, -h, w, 0, 0, h]; // turned 90° clockwise (a phone held upright)
    case 7:
      return [0, h, w, 0, 0, 0]; // mirrored along the other diagonal
    case 8:
      return [0, h, -w, 0, w, 0]; // turned 90° counter-clockwise
    default:
      return [w, 0, 0, h, 0, 0];
  }
}

/** The EXIF orientation of a photo (1 when it has none or it cannot be read: the image is shown as stored). */
async function readOrientation(bytes: Uint8Array): Promise<number> {
  const { default: exifr } = await import('exifr');
  const orientation = await exifr.orientation(bytes).catch(() => undefined);
  return typeof orientation === 'number' && orientation >= 1 && orientation <= 8 ? orientation : 1;
}

/**
 * An image on one page of its own shape: the page has the image's aspect as displayed (EXIF orientation applied,
 * so a portrait phone photo stays portrait) and is as large as fits in A4, upright or turned. The image's bytes are
 * embedded as they are (pdf-lib: JPEG as DCT, so CMYK and progressive ones too; PNG of any depth, palette, alpha
 * or interlacing), never re-encoded.
 */
async function imageToPdf(kind: 'png' | 'jpeg', bytes: Uint8Array): Promise<ConvertedPdf> {
  const { PDFDocument, pushGraphicsState, concatTransformationMatrix, drawObject, popGraphicsState } =
    await import('pdf-lib');
  const pdf = await PDFDocument.create();
  let image;
  try {
    image = kind === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    throw new ConversionError(CONVERSION_MESSAGES.corruptImage);
  }
  if (!(image.width > 0 && image.height > 0)) throw new ConversionError(CONVERSION_MESSAGES.corruptImage);
  const orientation = await readOrientation(bytes);
  const turned = orientation >= 5;
  const [shownWidth, shownHeight] = turned ? [image.height, image.width] : [image.width, image.height];
  const [boxWidth, boxHeight] = shownWidth > shownHeight ? [A4[1], A4[0]] : A4;
  const scale = Math.min(boxWidth / shownWidth, boxHeight / shownHeight);
  const [w, h] = [shownWidth * scale, shownHeight * scale];
  const page = pdf.addPage([w, h]);
  const name = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...orientationMatrix(orientation, w, h)),
    drawObject(name),
    popGraphicsState(),
  );
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

/** The PDF of an accepted upload. Throws ConversionError with the applicant's message when it cannot be made. */
export async function convertToPdf(kind: ThreadKind, input: Uint8Array) {
  const bytes = ownBytes(input);
  switch (kind) {
    case 'png':
    case 'jpeg':
      return imageToPdf(kind, bytes);
    case 'pdf':
      return checkPdf(bytes);
  }
}
