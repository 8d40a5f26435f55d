/**
 * A day typed in a staff filter (YYYY-MM-DD) is a day in the college's time zone (COLLEGE_TIME_ZONE), as every time
 * the console shows: these give its bounds as SQL over two placeholders, the day's and the zone's. One home for the
 * applicants list's submission dates and the audit log's from/to, both inclusive of the whole day, and the school
 * report's cycle end (SCHOOL_REPORT_CYCLE_END: its links die at the end of that day).
 */
export const collegeDayStartSql = (day: string, zone: string) => `(${day}::date)::timestamp AT TIME ZONE ${zone}`;

/** The first instant after the day: compare with `<`. */
export const collegeDayEndSql = (day: string, zone: string) => `((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`;

/** A filter's value that names a whole day, rather than a time. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
