/**
 * The college's time zone as the SPA knows it, and the calendar day a moment falls on there (the deadline banners).
 * Apart from time.ts so the banners, in the first download, do not bring the time formats with them.
 */
import { PARTNER } from './partner';

/** The calendar day (year, month 1-12, day) a moment falls on in `timeZone`. */
export function dayIn(date: Date, timeZone: string = PARTNER.timeZone): { y: number; m: number; d: number } {
  // en-US numeric dates read "12/2/2024".
  const [m, d, y] = new Intl.DateTimeFormat('en-US', { timeZone }).format(date).split('/').map(Number);
  return { y: y!, m: m!, d: d! };
}

/**
 * The college's zone as the SPA knows it: the page's app-config meta (the server writes COLLEGE_TIME_ZONE there when
 * set), else the partner configuration's.
 */
export function readCollegeTimeZone(doc: Document | undefined = globalThis.document): string {
  const content = doc?.head?.querySelector('meta[name="app-config"]')?.getAttribute('content');
  return collegeTimeZoneOf(content) ?? PARTNER.timeZone;
}

/** The collegeTimeZone of an app-config meta's JSON, when it holds a zone the runtime knows. */
export function collegeTimeZoneOf(appConfigJson: string | null | undefined): string | undefined {
  if (!appConfigJson) return undefined;
  try {
    const zone: unknown = (JSON.parse(appConfigJson) as { collegeTimeZone?: unknown }).collegeTimeZone;
    if (typeof zone !== 'string') return undefined;
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
