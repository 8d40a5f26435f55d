import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERSION_MESSAGES, ConversionError } from '../../src/documents/convert';
import { docxToPdf } from '../../src/documents/docx';
import { createLibreOffice, LIBREOFFICE_DEFAULTS, type LibreOffice } from '../../src/documents/libreoffice/converter';
import * as files from '../../../testing/files';
import { imageCount, pageTexts, pdfInfo, renderPage, wordBoxes } from '../../../testing/poppler';
import { A4, BANNER_FILL, LETTER, libreOfficeOwn, remoteImageDocx, richDocx, TEXT } from '../fixtures/wordDocuments';

const alive = (pid: number | null) => {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether the process is gone within a second (a killed child stays a zombie until Node reaps it). */
async function ended(pid: number | null) {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return !alive(pid);
}

const near = (size: [number, number], expected: number[]) =>
  Math.abs(size[0] - expected[0]) < 1 && Math.abs(size[1] - expected[1]) < 1;

describe('Word documents converted by LibreOffice', () => {
  let office: LibreOffice;
  let rich: Buffer;
  let converted: { bytes: Uint8Array; pages: number };
  beforeAll(async () => {
    office = createLibreOffice();
    rich = await richDocx();
    converted = await docxToPdf(office, rich);
  });
  afterAll(() => office.stop());

  it('keeps the page count of LibreOffice’s own conversion, and says so', () => {
    const reference = pdfInfo(libreOfficeOwn(rich, 'pdf'));
    const ours = pdfInfo(converted.bytes);
    expect(ours.pages).toBe(reference.pages);
    expect(converted.pages).toBe(ours.pages);
    // Three pages of Letter (a page break each), then the two-column A4 section on a page of its own.
    expect(ours.pages).toBe(4);
  });

  it('keeps each section’s page size: Letter, then A4', () => {
    const { sizes } = pdfInfo(converted.bytes);
    expect(sizes.slice(0, 3).every((size) => near(size, LETTER.points))).toBe(true);
    expect(near(sizes[3], A4.points)).toBe(true);
  });

  it('keeps the first page’s own header and footer, the running ones after it, and the footnote', () => {
    const [first, second, ...rest] = pageTexts(converted.bytes);
    expect(first).toContain(TEXT.firstHeader);
    expect(first).toContain(TEXT.firstFooter);
    expect(first).not.toContain(TEXT.header);
    expect(first).toContain(TEXT.footnote);
    for (const page of [second, ...rest]) {
      expect(page).toContain(TEXT.header);
      expect(page).toContain(TEXT.footer);
      expect(page).not.toContain(TEXT.firstHeader);
    }
  });

  it('keeps the tables’ own styles (the banded one’s coloured header) and the embedded picture', async () => {
    const tables = await renderPage(converted.bytes, 2);
    expect(tables.count(BANNER_FILL)).toBeGreaterThan(50);
    expect(imageCount(converted.bytes)).toBe(1);
    const picture = await renderPage(converted.bytes, 3, 60);
    expect(picture.count('FF0000', 40)).toBeGreaterThan(100);
    expect(picture.count('0000FF', 40)).toBeGreaterThan(100);
  });

  it('sets the two-column section in two columns', () => {
    const words = wordBoxes(converted.bytes);
    const left = words.find((w) => w.word === TEXT.leftColumn)!;
    const right = words.find((w) => w.word === TEXT.rightColumn)!;
    expect(left.page).toBe(3);
    expect(right.page).toBe(3);
    expect(left.xMin).toBeLessThan(A4.points[0] / 2);
    expect(right.xMin).toBeGreaterThan(A4.points[0] / 2);
  });

  it('writes a tagged PDF (LibreOffice’s export option), so a screen reader can read it', () => {
    expect(pdfInfo(converted.bytes).tagged).toBe(true);
  });

  it('converts a document with a linked remote picture without fetching it', async () => {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/beacon.png`;
      const pdf = await docxToPdf(office, await remoteImageDocx(url));
      expect(pageTexts(pdf.bytes)[0]).toContain('After the linked picture');
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  });

  it.each([
    ['a DOCX cut short', () => files.essayDocx().subarray(0, 300), CONVERSION_MESSAGES.corruptDocx],
    ['a DOCX whose document is not XML', () => files.corruptDocx(), CONVERSION_MESSAGES.corruptDocx],
    ['a DOCX whose directory claims 3 GB', () => files.bombDocx(), CONVERSION_MESSAGES.docxTooLarge],
  ])('%s fails with the applicant’s reason, and the next document converts', async (_, make, message) => {
    const refused = docxToPdf(office, make());
    await expect(refused).rejects.toBeInstanceOf(ConversionError);
    await expect(refused).rejects.toThrow(message);
    expect((await docxToPdf(office, files.essayDocx())).pages).toBe(1);
  });

  it('reuses one soffice across documents', async () => {
    const { pid } = office.status();
    await docxToPdf(office, files.essayDocx());
    expect(office.status().pid).toBe(pid);
    expect(alive(pid)).toBe(true);
  });

  it('starts a new soffice when the one it had died', async () => {
    const { pid } = office.status();
    process.kill(-pid!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await docxToPdf(office, files.essayDocx())).pages).toBe(1);
    expect(office.status().pid).not.toBe(pid);
  });
});

describe('a Word conversion over its limits', () => {
  it('is stopped at the time limit, its soffice ended; the next one starts a new soffice', async () => {
    const office = createLibreOffice({ ...LIBREOFFICE_DEFAULTS, jobTimeoutMs: 1 });
    try {
      const pids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const converting = office.convert(files.essayDocx(), 10);
        while (office.status().pid === null) await new Promise((resolve) => setTimeout(resolve, 5));
        pids.push(office.status().pid!);
        await expect(converting).rejects.toThrow('LibreOffice took more than 1 ms and was stopped.');
        expect(office.status().pid).toBeNull();
        expect(await ended(pids[i])).toBe(true);
      }
      expect(pids[1]).not.toBe(pids[0]);
    } finally {
      await office.stop();
    }
  });

  it('refuses a document longer than the page limit, before writing its PDF', async () => {
    const office = createLibreOffice();
    try {
      const long = files.docx(
        Array.from({ length: 400 }, (_, i) => ({ runs: [{ text: `Paragraph ${i}. ${'Words '.repeat(60)}` }] })),
      );
      await expect(office.convert(long, 3)).rejects.toMatchObject({ reason: 'tooLong' });
      const pid = office.status().pid;
      await office.stop();
      expect(await ended(pid)).toBe(true);
    } finally {
      await office.stop();
    }
  });
});
