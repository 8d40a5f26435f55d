/**
 * The languages the applicant's product speaks. English is the college's language: stored answers are codes, the
 * staff console, the print view and the SIS export stay English; an applicant may read and fill theirs in Spanish.
 * Shared by the pages (the switch, the browser's preference) and the server (Accept-Language, mails, the PDF copy).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where a visitor's choice is kept in the browser (before there is an account to keep it). */
export const LANGUAGE_STORAGE_KEY = 'admission-language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language tags of an Accept-Language header, most preferred first ("es-MX,es;q=0.9,en;q=0.8" →
 * es-MX, es, en). Tags with q=0 are refused ones and dropped; a malformed part is skipped, never thrown on.
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The first of the reader's preferred language tags that we speak (es-MX → es), or undefined. */
export function preferredLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}
