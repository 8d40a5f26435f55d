/**
 * Times as applicants and staff read them: in the college's time zone, with the zone named (an evening submission
 * on deadline day in New York reads as that day, not the next one in UTC). No React: the server uses it too.
 */
import { PARTNER } from './partner';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** "November 27, 2026, 6:30 PM EST" in `timeZone` (the college's by default). */
export function formatCollegeTime(date: Date | string | number, timeZone: string = PARTNER.timeZone): string {
  return formatIn(timeZone).format(new Date(date));
}

/** The calendar day (year, month 1-12, day) a moment falls on in `timeZone`. */
export function dayIn(date: Date, timeZone: string = PARTNER.timeZone): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
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
