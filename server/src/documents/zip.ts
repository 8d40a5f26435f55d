import zlib from 'node:zlib';

/**
 * A DOCX is a zip. Before LibreOffice opens one, its central directory is read here and every entry is
 * inflated with a hard output cap, so a zip bomb (a small file that unpacks to gigabytes), a central directory
 * that lies about sizes, or a broken archive is refused before it can cost memory.
 */
export const ZIP_LIMITS = {
  /** Total unpacked size of all entries. */
  maxUncompressedBytes: 20 * 1024 * 1024,
  /** Unpacked / packed, over the whole archive (checked once it unpacks to more than 1 MB). */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxEntries: 1000,
} as const;

export type ZipRefusal = 'too_large' | 'corrupt' | 'not_docx';

export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw new ZipRefused('corrupt', 'no end of central directory');
}

/** The entries of a zip, after checking the sizes it claims and the sizes its data really unpacks to. */
export function inspectZip(input: Uint8Array, limits = ZIP_LIMITS): ZipEntry[] {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length < 22) throw new ZipRefused('corrupt', 'too short');
  const eocd = findEndOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipRefused('too_large', 'zip64 archive');
  if (count > limits.maxEntries) throw new ZipRefused('too_large', `${count} entries`);
  if (cdOffset + cdSize > eocd) throw new ZipRefused('corrupt', 'central directory out of range');

  const entries: (ZipEntry & { localOffset: number; flags: number })[] = [];
  let total = 0;
  let packed = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('corrupt', 'bad central entry');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const uncompressedSize = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localOffset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) {
      throw new ZipRefused('too_large', 'zip64 entry');
    }
    if (flags & 0x1) throw new ZipRefused('corrupt', 'encrypted entry');
    if (method !== 0 && method !== 8) throw new ZipRefused('corrupt', `compression method ${method}`);
    total += uncompressedSize;
    packed += compressedSize;
    if (total > limits.maxUncompressedBytes) throw new ZipRefused('too_large', `unpacks to over ${total} bytes`);
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset, flags });
  }
  if (total > limits.ratioFloorBytes && total / Math.max(packed, 1) > limits.maxRatio) {
    throw new ZipRefused('too_large', `compression ratio ${Math.round(total / Math.max(packed, 1))}`);
  }

  // The claims are only claims: inflate each entry with its claimed size as the cap and compare.
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL)
      throw new ZipRefused('corrupt', 'bad local header');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > buf.length) throw new ZipRefused('corrupt', 'entry data out of range');
    const data = buf.subarray(start, end);
    let size: number;
    if (entry.method === 0) {
      size = data.length;
    } else {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) }).length;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
          throw new ZipRefused('too_large', `${entry.name} unpacks to more than it claims`);
        }
        throw new ZipRefused('corrupt', `${entry.name} does not inflate`);
      }
    }
    if (size !== entry.uncompressedSize) throw new ZipRefused('corrupt', `${entry.name} size mismatch`);
  }
  return entries.map(({ name, method, compressedSize, uncompressedSize }) => ({
    name,
    method,
    compressedSize,
    uncompressedSize,
  }));
}

/** A Word document: a sound zip that holds word/document.xml. */
export function inspectDocx(input: Uint8Array, limits = ZIP_LIMITS): ZipEntry[] {
  const entries = inspectZip(input, limits);
  if (!entries.some((e) => e.name === 'word/document.xml')) throw new ZipRefused('not_docx', 'no word/document.xml');
  return entries;
}
