import { beginMarkedContent, endMarkedContent, PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { ownBytes } from '../documents/convert';
import { A4, FONTS, LETTER, MARGIN, printable, renderPdf, type PdfKitDocument, type StructElement } from './pdfkit';
import { appendPagesWithStructure } from './structure';
import { type PdfSettings, type PrintAnswers, type PrintDocument, type PrintForm, type PrintQuestion } from './types';
import { formatCollegeTime } from '../../../src/kernel/time';

export interface ApplicationPdfInput {
  form: PrintForm;
  answers: PrintAnswers;
  username: string;
  /** APP-000123: the id staff know the application by (applicationIdOf). */
  applicationId: string;
  submittedAt: Date | null;
  documents: PrintDocument[];
  /** pdfkit stream compression (off in tests, so the text can be read). */
  compress: boolean;
  now?: Date;
  /** The paper and the zone times are written in (PAPER_SIZE, COLLEGE_TIME_ZONE). */
  settings: PdfSettings;
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

/** The applicant's name as answered ("Ngozi Okafor"), '' when not given. */
export const applicantNameOf = (answers: PrintAnswers) =>
  [str(answers.first_name).trim(), str(answers.last_name).trim()].filter(Boolean).join(' ');

/** Each page's footer: the applicant (their name, else their email) and the page's number. */
const footerText = (who: string, page: number, total: number) => `${who}  ·  Page ${page} of ${total}`;

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
  documents: Map<string, Omit<PrintDocument, 'bytes'>>,
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

/** The applicant's name and the page number in the bottom margin of every page of the answers part. */
function writeFooters(doc: PdfKitDocument, tags: Structure, who: string, totalPages: number) {
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
        .text(printable(footerText(who, i + 1, totalPages)), MARGIN, doc.page.height - margin / 2 - 4, {
          width: doc.page.width - 2 * MARGIN,
          align: 'center',
          lineBreak: false,
        }),
    );
    doc.page.margins.bottom = margin;
  }
}

/** What the answers part needs: the copy's input, its documents known by name only (their list, their marks). */
type AnswersPartInput = Omit<ApplicationPdfInput, 'documents'> & { documents: readonly Omit<PrintDocument, 'bytes'>[] };

/** The answers part: pdfkit, so long answers flow across pages. Returns the PDF and its page count. */
async function renderAnswers(input: AnswersPartInput, attachmentPages: number) {
  const { form, answers, username, applicationId, submittedAt, documents } = input;
  const byKey = new Map(documents.map((d) => [d.answerKey, d]));
  let pages = 0;
  const size = input.settings.paperSize === 'A4' ? A4 : LETTER;
  const { timeZone } = input.settings;
  const options = { compress: input.compress, bufferPages: true, title: TITLE, size };
  const bytes = await renderPdf(options, (doc) => {
    const tags = structure(doc);
    const root = doc.struct('Document');
    doc.addStructure(root);
    const name = applicantNameOf(answers);
    // The header: whose copy this is (the college, the applicant, the id staff file it under) before the answers.
    tags.tag(root, 'P', () => writeLine(doc, input.settings.collegeName, FONTS.bold, 13));
    doc.moveDown(0.15);
    tags.tag(root, 'H1', () => writeLine(doc, TITLE, FONTS.bold, 20));
    doc.moveDown(0.3);
    tags.tag(root, 'P', () =>
      writeLine(doc, `Applicant: ${name ? `${name} (${username})` : username}`, FONTS.regular, 11),
    );
    tags.tag(root, 'P', () => writeLine(doc, `Application ID: ${applicationId}`, FONTS.regular, 11));
    tags.tag(root, 'P', () =>
      writeLine(
        doc,
        submittedAt ? `Submitted on ${formatCollegeTime(submittedAt, timeZone)}` : 'Not yet submitted',
        FONTS.regular,
        11,
      ),
    );
    tags.tag(root, 'P', () =>
      writeLine(doc, `Copy made on ${formatCollegeTime(input.now ?? new Date(), timeZone)}`, FONTS.regular, 9, GREY),
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
    writeFooters(doc, tags, name || username, pages + attachmentPages);
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
 * The footer of the attached documents' pages (the applicant's name and page x of y, as on the answers' pages): one
 * page of pdfkit per attached page, of its size, holding only the footer, then drawn over that page by pdf-lib. Set
 * in Noto Sans like the rest (a name may have any letter), and marked as page furniture.
 */
async function stampAttachmentFooters(out: PDFDocument, first: number, who: string, compress: boolean) {
  const total = out.getPageCount();
  if (first >= total) return;
  const targets = out.getPages().slice(first);
  const sizeOf = (i: number): [number, number] => {
    const { width, height } = targets[i]!.getSize();
    return [width, height];
  };
  const bytes = await renderPdf({ compress, size: sizeOf(0), margin: 0 }, (doc) => {
    targets.forEach((_, i) => {
      if (i > 0) doc.addPage({ size: sizeOf(i), margin: 0 });
      doc.markContent('Artifact', { type: 'Pagination' });
      doc
        .font(FONTS.regular)
        .fontSize(8)
        .fillColor(GREY)
        .text(printable(footerText(who, first + i + 1, total)), MARGIN, doc.page.height - 18, {
          width: doc.page.width - 2 * MARGIN,
          align: 'center',
          lineBreak: false,
        });
      doc.endMarkedContent();
    });
  });
  const overlays = await out.embedPdf(
    bytes,
    targets.map((_, i) => i),
  );
  targets.forEach((page, i) => {
    const { x, y } = page.getMediaBox();
    // Page furniture for screen readers, outside the document's structure.
    page.pushOperators(beginMarkedContent('Artifact'));
    page.drawPage(overlays[i]!, { x, y });
    page.pushOperators(endMarkedContent());
  });
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

/** The sheets of the PDF copy one attached document fills, first and last (1-based). */
export interface PageRange {
  first: number;
  last: number;
}

/**
 * Where each attached document lies in the PDF copy of these inputs, by answer key, without building the copy: the
 * answers part is laid out as buildApplicationPdf lays it out (its page count), and the documents follow it in order,
 * each as many pages as its converted PDF has.
 */
export async function attachedDocumentPages(
  input: Omit<AnswersPartInput, 'documents'> & {
    documents: readonly (Omit<PrintDocument, 'bytes'> & { pages: number })[];
  },
): Promise<Record<string, PageRange>> {
  const attachmentPages = input.documents.reduce((n, d) => n + d.pages, 0);
  let next = (await renderAnswers(input, attachmentPages)).pages + 1;
  const ranges: Record<string, PageRange> = {};
  for (const d of input.documents) {
    ranges[d.answerKey] = { first: next, last: next + d.pages - 1 };
    next += d.pages;
  }
  return ranges;
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
  await stampAttachmentFooters(out, answers.pages, applicantNameOf(input.answers) || input.username, input.compress);
  retagSubsets(out);
  out.setTitle(TITLE, { showInWindowTitleBar: true });
  out.setProducer('Admission application');
  const bytes = await out.save({ useObjectStreams: input.compress });
  return { bytes, pages: out.getPageCount() };
}
