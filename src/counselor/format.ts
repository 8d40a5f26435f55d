/** How the page writes dates, counts and sizes. */
import { formatCollegeTime } from '../kernel/time';

/** A stored date ('2008-03-04') as 'March 4, 2008'; anything else as it was entered. */
export function formatDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
}

/** A moment, in the college's time zone: 'November 27, 2026, 6:30 PM EST'. */
export const formatMoment = (iso: string) => formatCollegeTime(iso);

/** Characters as the server's schema counts them (code points: an emoji counts once). */
export const charCount = (text: string) => [...text].length;

export const formatNumber = (n: number) => n.toLocaleString('en-US');
