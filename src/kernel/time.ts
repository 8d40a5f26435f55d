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

export { collegeTimeZoneOf, readCollegeTimeZone } from './collegeZone';
