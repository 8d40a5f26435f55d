import { FILE_MAX_BYTES } from '../../../src/kernel/constants';
import { checkFile, FILE_MESSAGES, fileExtension, type SizeLimit } from '../../../src/kernel/documents/fileRules';
import { CONVERSION_MESSAGES } from './convert';

/** What an accepted upload really is, by its content. */
export type DocumentKind = 'png' | 'jpeg' | 'pdf' | 'docx';

const KIND_BY_DETECTED: Record<string, DocumentKind> = { png: 'png', jpg: 'jpeg', pdf: 'pdf', docx: 'docx' };

/** The extensions a kind may be named with; an image's extension may name either image type. */
const EXTENSIONS_BY_KIND: Record<DocumentKind, string[]> = {
  png: ['png', 'jpg', 'jpeg'],
  jpeg: ['png', 'jpg', 'jpeg'],
  pdf: ['pdf'],
  docx: ['docx'],
};

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The file's type by its magic bytes (file-type): an accepted kind, or what else it is ('cfb', 'exe'…). */
async function detectType(bytes: Uint8Array): Promise<string | null> {
  // file-type is ESM only (and loaded on first use).
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.ext ?? null;
}

/** A stream name in a compound file's directory (UTF-16LE, as the format stores it). */
const hasStream = (bytes: Uint8Array, name: string) => Buffer.from(bytes).includes(Buffer.from(name, 'utf16le'));

/**
 * Why a compound file (the pre-2007 Office container) named .docx is refused, in words an applicant can act on:
 * Word keeps a password-protected .docx in one (an EncryptedPackage stream), and a renamed .doc is one (a
 * WordDocument stream). Anything else in it gets the usual wrong-type message.
 */
function compoundWordFileMessage(bytes: Uint8Array): string {
  if (hasStream(bytes, 'EncryptedPackage')) return CONVERSION_MESSAGES.encryptedDocx;
  if (hasStream(bytes, 'WordDocument')) return CONVERSION_MESSAGES.oldWordDocument;
  return FILE_MESSAGES.wrongType;
}

export type Inspection = { ok: true; kind: DocumentKind } | { ok: false; message: string; status: 400 | 413 };

/** The rules on the name alone (extension, length), as the SPEC words them; null when it passes. */
export function checkFileName(name: string): string | null {
  return checkFile({ name, size: 1 });
}

/**
 * The whole upload check, used by the upload endpoint and again by the worker before converting (a file read
 * back from S3 was never seen by this server): name, size, and the content by magic bytes, which must be an
 * accepted kind that agrees with the extension. A renamed executable or a plain zip is refused here, and so is a
 * password-protected or old (.doc) Word file named .docx, each with its own reason.
 */
export async function inspectUpload(name: string, bytes: Uint8Array, limit?: SizeLimit): Promise<Inspection> {
  const ruleBroken = checkFile({ name, size: bytes.length }, limit);
  const tooLarge = bytes.length > (limit?.maxBytes ?? FILE_MAX_BYTES);
  if (ruleBroken) return { ok: false, message: ruleBroken, status: tooLarge ? 413 : 400 };
  const detected = await detectType(bytes);
  if (detected === 'cfb' && fileExtension(name) === 'docx') {
    return { ok: false, message: compoundWordFileMessage(bytes), status: 400 };
  }
  const kind = detected ? (KIND_BY_DETECTED[detected] ?? null) : null;
  if (!kind || !EXTENSIONS_BY_KIND[kind].includes(fileExtension(name))) {
    return { ok: false, message: FILE_MESSAGES.wrongType, status: 400 };
  }
  return { ok: true, kind };
}
