import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { ownBytes } from '../documents/convert';
import { FONTS, MARGIN, printable, renderPdf, type PdfKitDocument, type StructElement } from './pdfkit';
import { appendPagesWithStructure } from './structure';
import type { PrintAnswers, PrintDocument, PrintForm, PrintQuestion } from './types';

export interface ApplicationPdfInput {
  form: PrintForm;
  answers: PrintAnswers;
  username: string;
  submittedAt: Date | null;
  documents: PrintDocument[];
  /** pdfkit stream compression (off in tests, so the text can be read). */
  compress: boolean;
  now?: Date;
}

const GREY = '#555555';
const BLACK = '#000000';
const NOT_ANSWERED = 'Not answered';
const TITLE = 'Undergraduate Application';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const mark = (on: boolean) => (on ? '[X]' : '[ ]');
const isChecked = (value: unknown) => value === true || value === 'Y' || value === 'true';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function bottom(doc: PdfKitDocument) {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when less than `height` is left, so a label is never the last line of a page. */
function keepTogether(doc: PdfKitDocument, height: number) {
  if (doc.y + height > bottom(doc) && doc.y > doc.page.margins.top) doc.addPage();
}

function writeLine(doc: PdfKitDocument, text: string, font: string, size: number, color = BLACK, indent = 0) {
  doc
    .font(font)
    .fontSize(size)
    .fillColor(color)
    .text(printable(text), MARGIN + indent, doc.y, { width: doc.page.width - 2 * MARGIN - indent });
}

/** doc.struct's options (its types lack `scope`, which pdfkit writes for a table header: Row or Column). */
type StructOptions = NonNullable<Parameters<PdfKitDocument['struct']>[1]> & { scope?: 'Row' | 'Column' };

/**
 * The copy's structure (it is a tagged PDF, read by screen readers in this order): `tag` adds an element of
 * `type` under `parent` whose content is what `draw` writes; `group` adds an element that holds others.
 */
function structure(doc: PdfKitDocument) {
  return {
    tag(parent: StructElement, type: string, draw: () => void, options: StructOptions = {}) {
      parent.add(doc.struct(type, options, draw));
    },
    group(parent: StructElement, type: string, options: StructOptions = {}): StructElement {
      const element = doc.struct(type, options);
      parent.add(element);
      return element;
    },
    /** Drawn for the eye only (rules, page numbers): screen readers skip it. */
    artifact(type: 'Pagination' | 'Layout', draw: () => void) {
      doc.markContent('Artifact', { type });
      draw();
      doc.endMarkedContent();
    },
  };
}

type Structure = ReturnType<typeof structure>;

/** One question of a section: a row of the section's table (label as its header, answer as its cell). */
function writeQuestion(
  doc: PdfKitDocument,
  tags: Structure,
  table: () => StructElement,
  section: StructElement,
  q: PrintQuestion,
  answers: PrintAnswers,
  documents: Map<string, PrintDocument>,
) {
  const value = q.value ?? str(answers[q.key]);
  switch (q.type) {
    case 'heading':
      doc.moveDown(0.3);
      keepTogether(doc, 40);
      tags.tag(section, 'H4', () => writeLine(doc, q.label, FONTS.bold, 11));
      doc.moveDown(0.2);
      return;
    case 'checkbox':
      keepTogether(doc, 16);
      tags.tag(section, 'P', () => writeLine(doc, `${mark(isChecked(answers[q.key]))} ${q.label}`, FONTS.regular, 10));
      doc.moveDown(0.35);
      return;
    default:
      break;
  }
  keepTogether(doc, 30);
  const row = tags.group(table(), 'TR');
  tags.tag(row, 'TH', () => writeLine(doc, q.label, FONTS.bold, 9, GREY), { scope: 'Row' });
  doc.moveDown(0.1);
  const cell = tags.group(row, 'TD');
  /** Choices as a list, one item a line ([X] chosen). */
  const choices = (lines: string[]) => {
    const list = tags.group(cell, 'L');
    for (const line of lines) tags.tag(tags.group(list, 'LI'), 'LBody', () => writeLine(doc, line, FONTS.regular, 10));
  };
  switch (q.type) {
    case 'radio': {
      const options = q.options ?? [];
      if (options.length === 0) {
        tags.tag(cell, 'P', () =>
          writeLine(doc, value || NOT_ANSWERED, value ? FONTS.regular : FONTS.italic, 10, value ? BLACK : GREY),
        );
      } else if (options.length <= 4 && options.every((o) => o.label.length <= 30)) {
        const line = options.map((o) => `${mark(value === o.value)} ${o.label}`).join('      ');
        tags.tag(cell, 'P', () => writeLine(doc, line, FONTS.regular, 10));
      } else {
        choices(options.map((o) => `${mark(value === o.value)} ${o.label}`));
      }
      break;
    }
    case 'checkboxGroup':
      choices((q.options ?? []).map((o) => `${mark(isChecked(answers[o.value]))} ${o.label}`));
      break;
    case 'document': {
      const attached = documents.get(q.key);
      tags.tag(cell, 'P', () =>
        writeLine(
          doc,
          attached
            ? `Uploaded: ${attached.fileName} (${formatSize(attached.fileSize)}), attached at the end of this PDF`
            : 'No file uploaded',
          attached ? FONTS.regular : FONTS.italic,
          10,
          attached ? BLACK : GREY,
        ),
      );
      break;
    }
    default:
      // text and textarea: long answers flow across pages.
      tags.tag(cell, 'P', () =>
        value.trim() === ''
          ? writeLine(doc, NOT_ANSWERED, FONTS.italic, 10, GREY)
          : writeLine(doc, value, FONTS.regular, 10),
      );
  }
  doc.moveDown(0.45);
}

/** Page numbers in the bottom margin of every page of the answers part (the attachments keep their own). */
function writeFooters(doc: PdfKitDocument, tags: Structure, username: string, totalPages: number) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Writing inside the bottom margin must not start a new page.
    doc.page.margins.bottom = 0;
    tags.artifact('Pagination', () =>
      doc
        .font(FONTS.regular)
        .fontSize(8)
        .fillColor(GREY)
        .text(printable(`${username}  ·  Page ${i + 1} of ${totalPages}`), MARGIN, doc.page.height - margin / 2 - 4, {
          width: doc.page.width - 2 * MARGIN,
          align: 'center',
          lineBreak: false,
        }),
    );
    doc.page.margins.bottom = margin;
  }
}

/** The answers part: pdfkit, so long answers flow across pages. Returns the PDF and its page count. */
async function renderAnswers(input: ApplicationPdfInput, attachmentPages: number) {
  const { form, answers, username, submittedAt, documents } = input;
  const byKey = new Map(documents.map((d) => [d.answerKey, d]));
  let pages = 0;
  const bytes = await renderPdf({ compress: input.compress, bufferPages: true, title: TITLE }, (doc) => {
    const tags = structure(doc);
    const root = doc.struct('Document');
    doc.addStructure(root);
    const name = [str(answers.first_name), str(answers.last_name)].filter(Boolean).join(' ');
    tags.tag(root, 'H1', () => writeLine(doc, TITLE, FONTS.bold, 20));
    doc.moveDown(0.3);
    tags.tag(root, 'P', () =>
      writeLine(doc, `Applicant: ${name ? `${name} (${username})` : username}`, FONTS.regular, 11),
    );
    tags.tag(root, 'P', () =>
      writeLine(doc, submittedAt ? `Submitted on ${formatDay(submittedAt)}` : 'Not yet submitted', FONTS.regular, 11),
    );
    tags.tag(root, 'P', () =>
      writeLine(doc, `Copy made on ${formatDay(input.now ?? new Date())}`, FONTS.regular, 9, GREY),
    );
    doc.moveDown(1);

    for (const page of form.pages) {
      keepTogether(doc, 80);
      const part = tags.group(root, 'Sect');
      tags.tag(part, 'H2', () => writeLine(doc, page.title, FONTS.bold, 16));
      tags.artifact('Layout', () =>
        doc
          .moveTo(MARGIN, doc.y + 2)
          .lineTo(doc.page.width - MARGIN, doc.y + 2)
          .lineWidth(0.75)
          .stroke(GREY),
      );
      doc.moveDown(0.6);
      for (const section of page.sections) {
        keepTogether(doc, 60);
        const sect = tags.group(part, 'Sect');
        tags.tag(sect, 'H3', () => writeLine(doc, section.title, FONTS.bold, 13));
        doc.moveDown(0.35);
        // Rows go into the section's current table; a heading or a lone checkbox ends it (the next row starts one).
        let table: StructElement | null = null;
        const currentTable = () => (table ??= tags.group(sect, 'Table'));
        for (const q of section.questions) {
          if (q.type === 'heading' || q.type === 'checkbox') table = null;
          writeQuestion(doc, tags, currentTable, sect, q, answers, byKey);
        }
        doc.moveDown(0.5);
      }
      doc.moveDown(0.5);
    }

    if (documents.length > 0) {
      keepTogether(doc, 80);
      const attachedPart = tags.group(root, 'Sect');
      tags.tag(attachedPart, 'H2', () => writeLine(doc, 'Attached documents', FONTS.bold, 13));
      doc.moveDown(0.35);
      const list = tags.group(attachedPart, 'L');
      for (const d of documents) {
        tags.tag(tags.group(list, 'LI'), 'LBody', () =>
          writeLine(doc, `${d.label}: ${d.fileName} (${formatSize(d.fileSize)})`, FONTS.regular, 10),
        );
      }
    }
    pages = doc.bufferedPageRange().count;
    writeFooters(doc, tags, username, pages + attachmentPages);
  });
  return { bytes, pages };
}

/**
 * The page standing in for a document that cannot be read any more. Made with pdfkit, not drawn with pdf-lib: the
 * file name is the applicant's and may have any character, which pdf-lib's standard fonts would throw on (they
 * only know WinAnsi), while Noto Sans shows it like everywhere else in the copy.
 */
async function missingDocumentPage(fileName: string, compress: boolean) {
  const bytes = await renderPdf({ compress }, (doc) => {
    const root = doc.struct('Document');
    doc.addStructure(root);
    root.add(
      doc.struct('P', {}, () => {
        doc.fontSize(11).text(printable(`${fileName} could not be included in this copy.`));
      }),
    );
  });
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/**
 * Gives every Noto Sans subset of the merged copy a tag of its own. pdfkit makes the six-letter tag of a subset
 * ("CZZZZZ+NotoSans-Regular") from the font's resource name, so the answers, each converted Word document and each
 * stand-in page bring different subsets under the same name. The PDF specification asks for different tags, and
 * a viewer or printer that goes by the name could show one subset's glyphs for another's ids.
 */
function retagSubsets(pdf: PDFDocument) {
  const key = (name: string) => PDFName.of(name);
  let n = 0;
  for (const [, font] of pdf.context.enumerateIndirectObjects()) {
    if (!(font instanceof PDFDict) || font.get(key('Subtype')) !== key('Type0')) continue;
    const name = font.get(key('BaseFont'));
    if (!(name instanceof PDFName) || !/^[A-Z]{6}\+NotoSans-/.test(name.decodeText())) continue;
    // AAAAAA, AAAAAB, … (26^6 tags).
    const tag = String.fromCharCode(...[5, 4, 3, 2, 1, 0].map((i) => 65 + (Math.floor(n / 26 ** i) % 26)));
    n += 1;
    const renamed = key(tag + name.decodeText().slice(6));
    // The same name is written in the font, its descendant CIDFont and that one's font descriptor.
    const cidFont = font.lookupMaybe(key('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
    const descriptor = cidFont?.lookupMaybe(key('FontDescriptor'), PDFDict);
    font.set(key('BaseFont'), renamed);
    cidFont?.set(key('BaseFont'), renamed);
    descriptor?.set(key('FontName'), renamed);
  }
}

/**
 * The PDF copy of an application: the answers (pdfkit) followed by every converted document (pdf-lib copies
 * their pages). A document that cannot be read any more gets a page saying so instead of failing the whole PDF.
 */
export async function buildApplicationPdf(input: ApplicationPdfInput): Promise<{ bytes: Uint8Array; pages: number }> {
  const sources: (PDFDocument | null)[] = [];
  for (const d of input.documents) {
    try {
      sources.push(await PDFDocument.load(ownBytes(d.bytes), { updateMetadata: false }));
    } catch {
      sources.push(null);
    }
  }
  const attachmentPages = sources.reduce((n, s) => n + (s ? s.getPageCount() : 1), 0);
  const answers = await renderAnswers(input, attachmentPages);
  const out = await PDFDocument.load(answers.bytes, { updateMetadata: false });
  for (let i = 0; i < sources.length; i++) {
    const { label, fileName } = input.documents[i];
    const source = sources[i] ?? (await missingDocumentPage(fileName, input.compress));
    appendPagesWithStructure(out, source, `${label}: ${fileName}`);
  }
  retagSubsets(out);
  out.setTitle(TITLE, { showInWindowTitleBar: true });
  out.setProducer('Admission application');
  const bytes = await out.save({ useObjectStreams: input.compress });
  return { bytes, pages: out.getPageCount() };
}
