import sharp from 'sharp';
import { CONVERSION_MESSAGES, convertToPdf } from '../../src/documents/convert';
import { pdfInfo, renderPage } from '../../../testing/poppler';

/** A 40 × 20 picture as stored: the left half red, the right half blue. */
const WIDTH = 40;
const HEIGHT = 20;
function halves() {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) raw[(y * WIDTH + x) * 3 + (x < WIDTH / 2 ? 0 : 2)] = 255;
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
/** Close to a colour, as a JPEG (lossy) and a CMYK round trip leave it. */
const near = (pixel: number[], colour: number[], tolerance = 80) =>
  pixel.every((value, i) => Math.abs(value - colour[i]) <= tolerance);

/** Which colour each corner of the page shows: top-left, top-right, bottom-left, bottom-right. */
async function corners(pdf: Uint8Array) {
  const page = await renderPage(pdf, 1, 20);
  const name = (pixel: number[]) => (near(pixel, RED) ? 'red' : near(pixel, BLUE) ? 'blue' : `other ${pixel}`);
  return [page.at(0.05, 0.05), page.at(0.95, 0.05), page.at(0.05, 0.95), page.at(0.95, 0.95)].map(name);
}

/** The corners of the same image turned for display by sharp (libvips reads EXIF orientation on its own). */
async function cornersAsDisplayed(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).rotate().raw().toBuffer({ resolveWithObject: true });
  const at = (fx: number, fy: number) => {
    const i = (Math.floor(fy * (info.height - 1)) * info.width + Math.floor(fx * (info.width - 1))) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  const name = (pixel: number[]) => (near(pixel, RED) ? 'red' : near(pixel, BLUE) ? 'blue' : `other ${pixel}`);
  return [at(0.05, 0.05), at(0.95, 0.05), at(0.05, 0.95), at(0.95, 0.95)].map(name);
}

describe('images → one page of their own shape', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'EXIF orientation %i is applied: the page shows the photo as a phone or viewer displays it',
    async (orientation) => {
      const jpeg = await halves().jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer();
      const { bytes, pages } = await convertToPdf('jpeg', jpeg);
      expect(pages).toBe(1);
      const [width, height] = pdfInfo(bytes).sizes[0];
      // Turned a quarter (5–8): portrait; otherwise as stored, landscape. The page has the image's aspect.
      expect(orientation >= 5 ? height / width : width / height).toBeCloseTo(WIDTH / HEIGHT, 2);
      expect(await corners(bytes)).toEqual(await cornersAsDisplayed(jpeg));
    },
  );

  it('a portrait phone photo (stored landscape, orientation 6) stays portrait and as large as A4 allows', async () => {
    const photo = await halves().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [width, height] = pdfInfo((await convertToPdf('jpeg', photo)).bytes).sizes[0];
    expect(height).toBeCloseTo(841.89, 1);
    expect(width).toBeCloseTo(841.89 / 2, 1);
    // Its top is the stored left half (red), turned a quarter clockwise.
    expect(await corners((await convertToPdf('jpeg', photo)).bytes)).toEqual(['red', 'red', 'blue', 'blue']);
  });

  it.each([
    ['a CMYK JPEG', 'jpeg', () => halves().toColourspace('cmyk').jpeg().toBuffer()],
    ['a progressive JPEG', 'jpeg', () => halves().jpeg({ progressive: true }).toBuffer()],
    ['a grayscale JPEG', 'jpeg', () => halves().greyscale().jpeg().toBuffer()],
    ['a 16-bit PNG', 'png', () => halves().toColourspace('rgb16').png().toBuffer()],
    ['a palette PNG', 'png', () => halves().png({ palette: true }).toBuffer()],
    ['a grayscale PNG', 'png', () => halves().greyscale().png().toBuffer()],
    ['a PNG with alpha', 'png', () => halves().ensureAlpha(1).png().toBuffer()],
    ['an interlaced PNG', 'png', () => halves().png({ progressive: true }).toBuffer()],
  ] as const)(
    '%s converts, on a page of the image’s aspect, its colours as a viewer shows them',
    async (_, kind, make) => {
      const image = await make();
      const { bytes } = await convertToPdf(kind, image);
      const [width, height] = pdfInfo(bytes).sizes[0];
      expect(width / height).toBeCloseTo(WIDTH / HEIGHT, 2);
      // What an image viewer shows (sharp decodes the file to sRGB), left half and right half.
      const { data, info } = await sharp(image)
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const viewer = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
      const page = await renderPage(bytes, 1, 20);
      expect(near(page.at(0.05, 0.5), viewer(2), 50)).toBe(true);
      expect(near(page.at(0.95, 0.5), viewer(WIDTH - 3), 50)).toBe(true);
      expect(near(viewer(2), viewer(WIDTH - 3), 50)).toBe(false);
    },
  );

  it('a half-transparent PNG shows its colours over white', async () => {
    const { bytes } = await convertToPdf('png', await halves().ensureAlpha(0.5).png().toBuffer());
    const page = await renderPage(bytes, 1, 20);
    expect(near(page.at(0.05, 0.5), [255, 128, 128], 20)).toBe(true);
    expect(near(page.at(0.95, 0.5), [128, 128, 255], 20)).toBe(true);
  });

  it('a damaged image fails with the applicant’s reason', async () => {
    const jpeg = await halves().jpeg().toBuffer();
    await expect(convertToPdf('jpeg', jpeg.subarray(0, 20))).rejects.toThrow(CONVERSION_MESSAGES.corruptImage);
    await expect(convertToPdf('png', Buffer.from('\x89PNG\r\n\x1a\nbroken'))).rejects.toThrow(
      CONVERSION_MESSAGES.corruptImage,
    );
  });
});
