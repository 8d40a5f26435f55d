/**
 * The file-upload rules of SPEC §5 and their messages (SPEC §8), in one place for both sides: the browser
 * checks a chosen file with them before uploading, and the server checks the upload again with the same
 * rules (plus the file's content by its magic bytes). No React here: the server imports this file.
 */
import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH, FILE_TYPES } from '../constants';

export const FILE_MESSAGES = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  nameTooLong:
    'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
  empty: 'Your file is empty. Please upload a non-empty file.',
} as const;

export type FileExtension = (typeof FILE_TYPES)[number];

/** For an `<input type="file" accept=…>`: '.png,.jpeg,.jpg,.pdf,.docx'. */
export const FILE_ACCEPT = FILE_TYPES.map((ext) => `.${ext}`).join(',');

/** The MIME type each allowed extension may arrive with from the browser. */
export const FILE_MIME_TYPES: Readonly<Record<FileExtension, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The extension of a file name, lower-case, or '' when it has none ('report.PDF' → 'pdf'). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(ext: string): ext is FileExtension {
  return (FILE_TYPES as readonly string[]).includes(ext);
}

/** Browsers report unknown types as '' or the generic octet-stream; only a known, different type refuses. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

export interface FileFacts {
  /** The file's name as chosen, extension included. */
  name: string;
  /** Its size in bytes. */
  size: number;
  /** The MIME type the browser reports (File.type), when known. */
  type?: string;
}

/** The size limit and its message: the applicant's (FILE_MAX_BYTES) unless another audience's documents have one. */
export interface SizeLimit {
  maxBytes: number;
  tooLarge: string;
}

/**
 * The first rule the file breaks, as the message to show, or null when it may be uploaded.
 * Order of SPEC §8: size, type, name length, empty.
 */
export function checkFile({ name, size, type }: FileFacts, limit?: SizeLimit): string | null {
  if (size > (limit?.maxBytes ?? FILE_MAX_BYTES)) return limit?.tooLarge ?? FILE_MESSAGES.tooLarge;
  const ext = fileExtension(name);
  if (!isAllowedExtension(ext)) return FILE_MESSAGES.wrongType;
  const mime = (type ?? '').toLowerCase();
  if (!UNKNOWN_TYPES.has(mime) && mime !== FILE_MIME_TYPES[ext]) return FILE_MESSAGES.wrongType;
  // Characters, not UTF-16 code units: 'é' or an emoji counts once.
  if ([...name].length > FILE_NAME_MAX_LENGTH) return FILE_MESSAGES.nameTooLong;
  if (size <= 0) return FILE_MESSAGES.empty;
  return null;
}

/** Graphemes where the runtime can tell them apart, so a cut never splits 'é' written as e + accent or an emoji. */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  return [...text];
}

/**
 * A name within FILE_NAME_MAX_LENGTH that keeps the extension, for a file refused only for its name's length:
 * the start of the name is kept (where people put what the file is), cut to fit with its extension, without a
 * separator left dangling before the dot ('Personal-Statement-Maria-Hernandez.docx' →
 * 'Personal-Statement-Maria-He.docx'). Counted in characters as checkFile counts them. A name that fits is
 * returned as it is.
 */
export function shortenedName(name: string): string {
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot) : '';
  const base = dot > 0 ? name.slice(0, dot) : name;
  const budget = FILE_NAME_MAX_LENGTH - [...ext].length;
  if (budget <= 0) return chars.slice(0, FILE_NAME_MAX_LENGTH).join('');
  let kept = '';
  let used = 0;
  for (const grapheme of graphemes(base)) {
    const size = [...grapheme].length;
    if (used + size > budget) break;
    kept += grapheme;
    used += size;
  }
  const tidy = kept.replace(/[\s._-]+$/u, '');
  return `${tidy || kept}${ext}`;
}
