/**
 * Entry terms for "When do you plan to enroll?": the next `count` Spring (January) and Fall (August) terms that
 * have not started yet. Value and label are the same text, e.g. 'Fall 2027'.
 */
import type { Option } from '../definition/types';

const TERMS = [
  { name: 'Spring', month: 0 },
  { name: 'Fall', month: 7 },
] as const;

export function entryTerms(count: number, now: Date = new Date()): Option[] {
  const result: Option[] = [];
  const thisYear = now.getFullYear();
  for (let year = thisYear; result.length < count; year++) {
    for (const term of TERMS) {
      if (result.length >= count) break;
      if (year === thisYear && term.month <= now.getMonth()) continue;
      const label = `${term.name} ${year}`;
      result.push({ value: label, label });
    }
  }
  return result;
}
