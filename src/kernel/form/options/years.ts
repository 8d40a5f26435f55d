/**
 * Years (SPEC §3): numYears years from startYear (default: the current year), going back ('past', newest first)
 * or forward ('future', soonest first). The clock is a parameter so tests and the server can fix it.
 */
import type { Option } from '../definition/types';

export type YearDirection = 'past' | 'future';

export function years(
  numYears: number,
  direction: YearDirection,
  startYear?: number,
  now: Date = new Date(),
): Option[] {
  const start = startYear ?? now.getFullYear();
  const step = direction === 'past' ? -1 : 1;
  return Array.from({ length: Math.max(0, Math.floor(numYears)) }, (_, i) => {
    const year = String(start + i * step);
    return { value: year, label: year };
  });
}
