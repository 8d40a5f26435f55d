/**
 * The deadline's words (the lazy chunk's): how long is left, and the moment in the college's zone and, when it reads
 * otherwise there, in the applicant's own. No React: unit tests call these with fixed times and zones.
 */
import { formatCollegeTime } from '../../kernel/time';

const MINUTE = 60_000;

/**
 * The application deadline (APPLICATION_DEADLINE, which the server writes into the page's app-config meta as an
 * instant) in milliseconds, or null when none is set.
 */
export function readApplicationDeadline(doc: Document | undefined = globalThis.document): number | null {
  let at: unknown;
  try {
    const content = doc?.head?.querySelector('meta[name="app-config"]')?.getAttribute('content');
    at = (JSON.parse(content ?? '{}') as { deadline?: unknown }).deadline;
  } catch {
    return null;
  }
  const ms = typeof at === 'string' ? Date.parse(at) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

/**
 * "2 days, 3 hours and 14 minutes": whole minutes, rounded up (at 23:58:30 a 23:59 deadline is "1 minute" away, not
 * "0"), units that are zero left out. `ms` > 0.
 */
export function timeLeftText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const parts = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor((minutes % 1440) / 60), 'hour'],
    [minutes % 60, 'minute'],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, name]) => unit(n, name));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]!;
}

/** The zone this browser is in (the applicant's own), or undefined when it cannot say. */
export function ownTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A moment as the college's clocks show it ("January 15, 2027 at 11:59 PM EST") and, when the applicant's clocks show
 * it otherwise, as theirs do ("January 16, 2027 at 5:59 AM GMT+1"); `own` is undefined when they read alike.
 */
export function momentIn(
  at: number,
  collegeZone: string,
  ownZone: string | undefined,
): { college: string; own?: string } {
  const college = formatCollegeTime(at, collegeZone);
  let own: string | undefined;
  try {
    own = ownZone ? formatCollegeTime(at, ownZone) : undefined;
  } catch {
    own = undefined;
  }
  return own && own !== college ? { college, own } : { college };
}

/** "January 15, 2027 at 11:59 PM EST (the college’s time; January 16, 2027 at 5:59 AM GMT+1 where you are)". */
export function momentText(moment: { college: string; own?: string }): string {
  return moment.own
    ? `${moment.college} (the college’s time; ${moment.own} where you are)`
    : `${moment.college} (the college’s time)`;
}
