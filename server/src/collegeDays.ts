/**
 * A day typed in a staff filter (YYYY-MM-DD) is a day in the college's time zone (COLLEGE_TIME_ZONE), as every time
 * the console shows: these give its bounds as SQL over two placeholders, the day's and the zone's. One home for the
 * applicants list's submission dates and the audit log's from/to, both inclusive of the whole day, and the school
 * report's cycle end (SCHOOL_REPORT_CYCLE_END: its links die at the end of that day). A time of day typed so (the
 * application deadline, a staff reopening's end) is the college's too: collegeTimeToInstant, below.
 */
import { wallClockAt } from '../../src/kernel/wallClock';

export const collegeDayStartSql = (day: string, zone: string) => `(${day}::date)::timestamp AT TIME ZONE ${zone}`;

/** The first instant after the day: compare with `<`. */
export const collegeDayEndSql = (day: string, zone: string) => `((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`;

/** A filter's value that names a whole day, rather than a time. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A local date and time as settings and staff type it: YYYY-MM-DDTHH:MM, seconds optional, no offset. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR_MS = 3_600_000;

/**
 * The instant a local date and time (`2027-01-15T23:59`) is in the college's zone: the application deadline
 * (APPLICATION_DEADLINE) and a staff reopening's end are typed so. Undefined for text of another form, a day or time
 * that does not exist (30 February, 24:00), or a time the zone's clocks skip (the spring change). A time they show
 * twice (the autumn change) is its first moment.
 */
export function collegeTimeToInstant(local: string, zone: string): Date | undefined {
  const match = LOCAL_TIME.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  // Date.UTC carries 30 February into March and 24:00 into the next day: such text names no time.
  const seconds = match[6] ? local : `${local}:00`;
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 19) !== seconds) return undefined;
  // The zone's offset half a day either side: a time near a change of offset is one of the two (or neither).
  const candidates = [wall - 12 * HOUR_MS, wall + 12 * HOUR_MS]
    .map((near) => wall - (wallClockAt(near, zone) - near))
    .filter((instant) => wallClockAt(instant, zone) === wall)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : undefined;
}
