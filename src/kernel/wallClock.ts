/**
 * What a time zone's clocks read at an instant, as the milliseconds of a UTC date with the same fields: the one
 * piece of arithmetic behind turning a day or time typed in the college's zone into an instant, on the server
 * (server/src/collegeDays.ts: the deadline, a reopening's end) and in the staff console (src/staff/time.ts: the
 * filters' days). Whole seconds; one formatter per zone, made once.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClockAt(instant: number, zone: string): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}
