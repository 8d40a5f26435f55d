/**
 * Times as applicants and staff read them: in the college's time zone, with the zone named (an evening submission
 * on deadline day in New York reads as that day, not the next one in UTC). No React: the server uses it too.
 */
import { PARTNER } from './partner';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${seconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      timeZoneName: 'short',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * "November 27, 2026, 6:30 PM EST" in `timeZone` (the college's by default); with `seconds` (the staff console's
 * audit log and timelines, where order within a minute matters) "6:30:05 PM EST".
 */
export function formatCollegeTime(
  date: Date | string | number,
  timeZone: string = PARTNER.timeZone,
  options: { seconds?: boolean } = {},
): string {
  return formatIn(timeZone, options.seconds ?? false).format(new Date(date));
}

export { collegeTimeZoneOf, readCollegeTimeZone } from './collegeZone';
