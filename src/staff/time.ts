/**
 * Times as staff read them: in the college's time zone (GET /config's timeZone, COLLEGE_TIME_ZONE on the server),
 * the zone named ("November 27, 2026 at 9:05:09 AM EST", as the print view and the PDF copy write times), whichever zone the browser is in. Days staff type (a filter's
 * "from" and "to") are the college's days too.
 */
import { formatCollegeTime } from '../kernel/time';
import { wallClockAt } from '../kernel/wallClock';
import { useStaffConfigQuery } from './api';

/** The zone if the browser knows it, else UTC (a zone name the browser lacks would throw). */
function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** An instant as the zone's clock shows it, the zone named. */
export const timeIn = (iso: string, zone: string) => formatCollegeTime(iso, knownZone(zone), { seconds: true });

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Nov 20, 2026, 10:00 AM": a table's short time, its zone named once in the column's header (the applicant list,
 * which must fit 1280 px). The full time is the cell's title.
 */
export function shortTimeIn(iso: string, zone: string): string {
  const timeZone = knownZone(zone);
  let format = shortFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    shortFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** Milliseconds the zone's clock is ahead of UTC at this instant. */
const offsetAt = (ms: number, zone: string): number => wallClockAt(ms, knownZone(zone)) - Math.floor(ms / 1000) * 1000;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day (YYYY-MM-DD) in the zone as an instant (ISO): its first millisecond, or with `end` its last. Anything
 * that is not a day is returned as it is, for the server to refuse.
 */
export function dayInZone(day: string, zone: string, end = false): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = (y: number, m: number, d: number) => {
    const guess = Date.UTC(y, m, d);
    // Twice: the offset at the guess may differ from the offset at the day's start (a change of clocks).
    const first = guess - offsetAt(guess, zone);
    return guess - offsetAt(first, zone);
  };
  return new Date(end ? start(year, month, date + 1) - 1 : start(year, month, date)).toISOString();
}

/** The browser's own zone: what the console shows until the college's is known. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The college's time zone by name (America/New_York), a formatter of instants in it, and whether the zone is known
 * yet (a query whose days depend on it waits: until then the browser's zone stands in).
 */
export function useCollegeTime() {
  const config = useStaffConfigQuery(undefined, { refetchOnMountOrArgChange: false });
  const zone = config.data?.timeZone || browserZone();
  return {
    zone,
    ready: !config.isLoading,
    time: (iso: string) => timeIn(iso, zone),
    shortTime: (iso: string) => shortTimeIn(iso, zone),
  };
}
