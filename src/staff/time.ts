/** Times as staff read them: in the browser's own time zone, the zone named ("27 Nov 2026, 14:05:09 GMT+1"). */
const FORMAT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export const localTime = (iso: string) => FORMAT.format(new Date(iso));

/** The browser's time zone by name (Europe/London), for a column header. */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
