import { CONVERSION_MESSAGES, ConversionError, convertToPdf } from '../../src/documents/convert';
import { createThreadConverter, type ThreadConverter } from '../../src/documents/convertInThread';
import * as files from '../../../testing/files';

/** A photo-sized PNG of noise: decoding it is a long synchronous stretch (and 48 MB of pixels). */
const bigPng = () => files.png(4000, 3000, { noise: true });

describe('conversions in their own thread', () => {
  let converter: ThreadConverter;
  beforeAll(() => {
    converter = createThreadConverter({ timeoutMs: 60_000, maxHeapMb: 512 });
  });
  afterAll(() => converter.stop());

  it('converts a PDF to the same pages as in the server’s thread, with its text', async () => {
    const bytes = await files.pdf(3, 'Transcript page');
    const inThread = await converter.convert('pdf', bytes);
    const here = await convertToPdf('pdf', bytes);
    expect(inThread.pages).toBe(3);
    expect(inThread.pages).toBe(here.pages);
    expect(files.pdfText(inThread.bytes)).toContain('Transcript page 2');
  });

  it('keeps a reason for the applicant as such (an encrypted PDF), and the thread goes on', async () => {
    const refused = converter.convert('pdf', await files.encryptedPdf());
    await expect(refused).rejects.toBeInstanceOf(ConversionError);
    await expect(refused).rejects.toThrow(CONVERSION_MESSAGES.encryptedPdf);
    expect((await converter.convert('png', files.png(4, 4))).pages).toBe(1);
  });

  // Its own time limit: the same picture is converted twice, and under a full `npm test` both halves wait for CPU.
  it('leaves the server’s thread free while it converts (unlike converting here)', async () => {
    const bytes = files.png(2000, 1500, { noise: true });
    /** The longest wait of a 5 ms timer in this thread while `work` runs. */
    const longestStall = async (work: () => Promise<{ pages: number }>) => {
      let last = performance.now();
      let longest = 0;
      const ticking = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      try {
        expect((await work()).pages).toBe(1);
      } finally {
        clearInterval(ticking);
      }
      return Math.max(longest, performance.now() - last);
    };
    const here = await longestStall(() => convertToPdf('png', bytes));
    const inThread = await longestStall(() => converter.convert('png', bytes));
    // Compared with each other, not with a number of ms: decoding 3 million pixels here is one synchronous stretch.
    expect(inThread).toBeLessThan(here / 2);
  }, 90_000);
});

// Making the 48-megapixel picture is itself seconds of CPU, which a busy machine stretches past the 20 s default.
describe('a conversion that cannot finish', () => {
  it('is stopped at the time limit, with a message (its thread is ended)', async () => {
    const converter = createThreadConverter({ timeoutMs: 200, maxHeapMb: 512 });
    try {
      await expect(converter.convert('png', bigPng())).rejects.toThrow(
        'The conversion took more than 200 ms and was stopped.',
      );
    } finally {
      await converter.stop();
    }
  }, 90_000);

  it('fails when its thread runs out of memory; the server’s process goes on', async () => {
    const converter = createThreadConverter({ timeoutMs: 60_000, maxHeapMb: 8 });
    try {
      await expect(converter.convert('png', bigPng())).rejects.toThrow(/memory limit/);
    } finally {
      await converter.stop();
    }
  }, 90_000);
});
