import type PDFDocument from 'pdfkit';

/**
 * pdfkit helpers shared by the DOCX conversion and the application PDF. pdfkit's standard fonts (Helvetica)
 * are used, so nothing is embedded and the output is small; they only know the WinAnsi characters.
 */
export type PdfKitDocument = InstanceType<typeof PDFDocument>;

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;

export const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
} as const;

export function fontFor(bold: boolean, italic: boolean): string {
  if (bold && italic) return FONTS.boldItalic;
  if (bold) return FONTS.bold;
  return italic ? FONTS.italic : FONTS.regular;
}

/** The characters of WinAnsiEncoding beyond Latin-1 (0x80–0x9F): quotes, dashes, bullet, euro… */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can show: characters outside WinAnsi become '?', tabs become spaces, other control
 * characters go (so no answer can break the layout). Line breaks are kept.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += '\n';
    else if (char === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (char === '\u2212' || char === '\u2010' || char === '\u2011') out += '-';
    else if (char === '\u2009' || char === '\u202f' || char === '\u2002' || char === '\u2003') out += ' ';
    else if (char === '\u200b' || char === '\ufeff') continue;
    else out += '?';
  }
  return out;
}

export interface RenderOptions {
  /** Stream compression (off in tests, so their text can be read). */
  compress: boolean;
  title?: string;
  /** Keep pages in memory so they can be revisited (page footers). */
  bufferPages?: boolean;
}

/** Runs `draw` on a new A4 document and resolves with the finished PDF. */
export async function renderPdf(options: RenderOptions, draw: (doc: PdfKitDocument) => void | Promise<void>) {
  const { default: PDFKit } = await import('pdfkit');
  const doc = new PDFKit({
    size: A4,
    margin: MARGIN,
    compress: options.compress,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title ?? '', Producer: 'Admission application', Creator: 'Admission application' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  return finished;
}
