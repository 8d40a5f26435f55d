import fs from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * pdfkit helpers shared by the DOCX conversion and the application PDF. All text is set in Noto Sans (the
 * @expo-google-fonts/noto-sans package), which covers Latin with its extensions, Greek, Cyrillic and Vietnamese;
 * pdfkit embeds only the glyphs a document uses (a subset per face), so the output stays small.
 */
export type PdfKitDocument = InstanceType<typeof PDFDocument>;

export const A4: [number, number] = [595.28, 841.89];
/** US Letter, 8.5 × 11 in: the PDF copy's paper unless PAPER_SIZE says A4. */
export const LETTER: [number, number] = [612, 792];
export const MARGIN = 56;

/** The names under which renderPdf registers the four faces on every document: `.font(FONTS.bold)`. */
export const FONTS = {
  regular: 'NotoSans',
  bold: 'NotoSans-Bold',
  italic: 'NotoSans-Italic',
  boldItalic: 'NotoSans-BoldItalic',
} as const;

type Face = keyof typeof FONTS;

const FONT_FILES: Record<Face, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  boldItalic: '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf',
};

/** The parts of a fontkit font used here (fontkit ships no type definitions). */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] };
}

/**
 * fontkit keeps one glyph object per glyph id, holding the code points of the first request for it. When that
 * request comes from writing a subset (a component of a composite glyph: the 'a' inside 'ą'), it has none, and
 * since the fonts live on between documents, pdfkit would then give that glyph no text in the ToUnicode CMap of
 * every later PDF: copying, searching and screen readers would lose the letter. So a request that brings code
 * points fills in those of a glyph that has none.
 */
function keepCodePoints(font: FontkitFont): FontkitFont {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

let faces: Record<Face, FontkitFont> | undefined;

/**
 * The four faces, read and opened with fontkit once per process, on first use. pdfkit takes an opened fontkit font
 * as a font source, and keeps its parsed tables between documents: given the file's bytes instead, it would
 * parse each face again for every PDF (figures: bench/HISTORY.md). Each document still gets its own
 * subset. fontkit is loaded the way pdfkit loads it (it is pdfkit's dependency, not ours).
 */
function openFaces(): Record<Face, FontkitFont> {
  if (faces) return faces;
  const local = createRequire(__filename);
  const fontkit = createRequire(local.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): FontkitFont };
  const open = (face: Face) => keepCodePoints(fontkit.create(fs.readFileSync(local.resolve(FONT_FILES[face]))));
  faces = { regular: open('regular'), bold: open('bold'), italic: open('italic'), boldItalic: open('boldItalic') };
  return faces;
}

/** Characters that take no room and mean nothing on paper: zero-width space and joiners, BOM, variation selectors. */
const isInvisible = (code: number) =>
  (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff || (code >= 0xfe00 && code <= 0xfe0f);

/** Spaces of other widths, written as a plain space (so pdfkit can break lines there). */
const ODD_SPACES = new Set(['\u2002', '\u2003', '\u2009', '\u202f']);

/** Per code point looked up: whether all four faces have a glyph for it (the italics lack a few). */
const covered = new Map<number, boolean>();

function hasGlyph(code: number): boolean {
  let all = covered.get(code);
  if (all === undefined) {
    all = Object.values(openFaces()).every((face) => face.hasGlyphForCodePoint(code));
    covered.set(code, all);
  }
  return all;
}

/**
 * Text the PDF fonts can show: every character Noto Sans has a glyph for is kept (after NFC normalization, so
 * letters with accents are single characters). A character it has none for becomes '?': Chinese, Japanese and
 * Korean (a CJK fallback font would be future work), Hebrew and Arabic (which would need bidi as well), emoji.
 * Line breaks are kept; tabs become spaces, line and paragraph separators line breaks, odd spaces plain ones;
 * other control characters and invisible ones go (so no answer can break the layout).
 */
export function printable(text: string): string {
  let out = '';
  // for…of walks code points, so a character outside the BMP is one '?', not two.
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) out += char;
    else if (char === '\n' || char === '\u2028' || char === '\u2029') out += '\n';
    else if (char === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || isInvisible(code)) continue;
    else if (ODD_SPACES.has(char)) out += ' ';
    else if (hasGlyph(code)) out += char;
    else out += '?';
  }
  return out;
}

/** The language every PDF made here is written in (the form's, like the SPA's <html lang>), for screen readers. */
export const DOCUMENT_LANGUAGE = 'en-US';

/** A structure element of a tagged PDF (a heading, a paragraph, a table cell…), from doc.struct(). */
export type StructElement = PDFKit.PDFStructureElement;

export interface RenderOptions {
  /** Stream compression (off in tests, so their text can be read). */
  compress: boolean;
  title?: string;
  /** Keep pages in memory so they can be revisited (page footers). */
  bufferPages?: boolean;
  /** The first page's size (A4 unless given); later pages take doc.addPage's options. */
  size?: [number, number];
  /** The pages' margin (MARGIN unless given). */
  margin?: number;
}

/**
 * Runs `draw` on a new document (A4 unless `size`), with the FONTS registered and the regular one selected, and resolves with the
 * finished PDF. The document is tagged (PDF/UA's way: a structure tree, the language, the title shown): `draw`
 * puts its content in structure elements (doc.struct) and marks page furniture as artifacts.
 */
export async function renderPdf(options: RenderOptions, draw: (doc: PdfKitDocument) => void | Promise<void>) {
  const { default: PDFKit } = await import('pdfkit');
  const fonts = openFaces();
  const doc = new PDFKit({
    size: options.size ?? A4,
    margin: options.margin ?? MARGIN,
    compress: options.compress,
    bufferPages: options.bufferPages ?? false,
    pdfVersion: '1.7',
    tagged: true,
    lang: DOCUMENT_LANGUAGE,
    displayTitle: true,
    info: { Title: options.title ?? '', Producer: 'Admission application', Creator: 'Admission application' },
  });
  // pdfkit accepts an opened fontkit font where its types say bytes (PDFFontFactory.open checks for .layout).
  for (const face of Object.keys(FONTS) as Face[]) doc.registerFont(FONTS[face], fonts[face] as unknown as Buffer);
  doc.font(FONTS.regular);
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
