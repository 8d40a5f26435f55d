import { dayIn, readCollegeTimeZone } from '../../kernel/collegeZone';

/**
 * Application-deadline promotions (SPEC §1) as data. Each window is inclusive of both dates, in the college's time
 * zone (an applicant elsewhere sees the same window the college announces). No React here.
 */
export interface DeadlineWindow {
  /** The deadline the banner promotes, e.g. 'December 1'. */
  deadline: string;
  /** First and last day the banner shows, 'YYYY-MM-DD' (local dates, both included). */
  start: string;
  end: string;
}

export const DEADLINE_WINDOWS: readonly DeadlineWindow[] = [
  { deadline: 'December 1', start: '2024-10-29', end: '2024-12-02' },
  { deadline: 'January 15', start: '2024-12-15', end: '2025-01-16' },
  { deadline: 'March 1', start: '2025-02-01', end: '2025-03-02' },
  { deadline: 'April 1', start: '2025-03-02', end: '2025-04-02' },
];

/** 'YYYY-MM-DD' → a sortable day number (20241029), never through Date parsing (which would read it as UTC). */
const dayOfString = (date: string) => Number(date.replaceAll('-', ''));
/** The calendar day a moment falls on in the college's zone, as the same number. */
const dayOfDate = (date: Date, timeZone: string) => {
  const { y, m, d } = dayIn(date, timeZone);
  return y * 10_000 + m * 100 + d;
};

/** UTC's calendar day `days` days after the moment, as a day number. */
const utcDayOf = (date: Date, days: number) =>
  dayOfString(new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10));

/**
 * Whether any window could hold the college's day. No zone is more than 14 hours from UTC, so the college's day is
 * UTC's, the day before or the day after. Outside every window by more than that, the zone is never asked: the
 * first Intl.DateTimeFormat with a time zone loads the runtime's zone data, a long task of every first paint
 * (figures: bench/HISTORY.md), for a banner that shows a few weeks a year.
 */
const mayBeActive = (now: Date, windows: readonly DeadlineWindow[]) => {
  const earliest = utcDayOf(now, -1);
  const latest = utcDayOf(now, 1);
  return windows.some((w) => dayOfString(w.start) <= latest && earliest <= dayOfString(w.end));
};

/**
 * The window to promote on this local day, or null. Where windows overlap (3/2/2025 is the last day of 'March 1'
 * and the first of 'April 1'), the one that ends first wins: on 3/2 the banner still says 'apply by March 1',
 * the promotion that is about to end, and 'April 1' takes over the next day.
 */
export function activeDeadline(
  now: Date,
  windows: readonly DeadlineWindow[] = DEADLINE_WINDOWS,
  timeZone?: string,
): DeadlineWindow | null {
  if (!mayBeActive(now, windows)) return null;
  const today = dayOfDate(now, timeZone ?? readCollegeTimeZone());
  const active = windows.filter((w) => dayOfString(w.start) <= today && today <= dayOfString(w.end));
  if (active.length === 0) return null;
  return active.reduce((first, w) => (dayOfString(w.end) < dayOfString(first.end) ? w : first));
}
