import { CONVERSION_MESSAGES, ConversionError, convertToPdf } from '../src/documents/convert';
import { createThreadConverter, type ThreadConverter } from '../src/documents/convertInThread';
import * as files from './fixtures/files';

/** A text-only Word document of `paragraphs` long paragraphs (hundreds of pages for a few thousand). */
const longDocx = (paragraphs: number) =>
  files.docx(
    Array.from({ length: paragraphs }, (_, i) => ({ runs: [{ text: `Paragraph ${i}. ${'Words '.repeat(60)}` }] })),
  );

describe('conversions in their own thread', () => {
  let converter: ThreadConverter;
  beforeAll(() => {
    converter = createThreadConverter({ timeoutMs: 60_000, maxHeapMb: 512 });
  });
  afterAll(() => converter.stop());

  it('converts a Word document to the same PDF pages as in the server’s thread, with its text', async () => {
    const bytes = files.essayDocx();
    const inThread = await converter.convert('docx', bytes, { compress: false });
    const here = await convertToPdf('docx', bytes, { compress: false });
    expect(inThread.pages).toBe(here.pages);
    expect(files.pdfText(inThread.bytes)).toContain('Personal Statement');
    expect(files.pdfText(inThread.bytes).replace(/\n/g, '')).toContain('mathematics');
  });

  it('keeps a reason for the applicant as such (an encrypted PDF), and the thread goes on', async () => {
    const refused = converter.convert('pdf', await files.encryptedPdf(), { compress: false });
    await expect(refused).rejects.toBeInstanceOf(ConversionError);
    await expect(refused).rejects.toThrow(CONVERSION_MESSAGES.encryptedPdf);
    expect((await converter.convert('png', files.png(4, 4), { compress: false })).pages).toBe(1);
  });

  it('leaves the server’s thread free while it converts (unlike converting here)', async () => {
    const bytes = longDocx(1500);
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
        expect((await work()).pages).toBeGreaterThan(100);
      } finally {
        clearInterval(ticking);
      }
      return Math.max(longest, performance.now() - last);
    };
    const here = await longestStall(() => convertToPdf('docx', bytes, { compress: false }));
    const inThread = await longestStall(() => converter.convert('docx', bytes, { compress: false }));
    // Compared with each other, not with a number of ms: laying out 100+ pages here is one long synchronous stretch.
    expect(inThread).toBeLessThan(here / 2);
  });
});

describe('a conversion that cannot finish', () => {
  it('is stopped at the time limit, with a message (its thread is ended)', async () => {
    const converter = createThreadConverter({ timeoutMs: 200, maxHeapMb: 512 });
    try {
      await expect(converter.convert('docx', longDocx(2000), { compress: false })).rejects.toThrow(
        'The conversion took more than 200 ms and was stopped.',
      );
    } finally {
      await converter.stop();
    }
  });

  it('fails when its thread runs out of memory; the server’s process goes on', async () => {
    const converter = createThreadConverter({ timeoutMs: 60_000, maxHeapMb: 8 });
    try {
      await expect(converter.convert('docx', longDocx(2000), { compress: false })).rejects.toThrow(/memory limit/);
    } finally {
      await converter.stop();
    }
  });
});
