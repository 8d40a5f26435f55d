/**
 * The list's filter options from the form definition: the majors (program codes and names) and the entry terms. A
 * chunk of its own, loaded once the list shows.
 */
import { PROGRAMS } from '../../kernel/form/definition/programs';
import { entryTerms } from '../../kernel/form/options/terms';

export const MAJORS: ReadonlyMap<string, string> = new Map(PROGRAMS.map((program) => [program.value, program.label]));

/** Entry terms from two years back (applications of earlier cycles) to the ones applicants can choose now. */
export function termOptions(now = new Date()): string[] {
  const terms = entryTerms(8, new Date(now.getFullYear() - 2, 0, 1)).map((term) => term.value);
  for (const term of entryTerms(4, now)) if (!terms.includes(term.value)) terms.push(term.value);
  return terms;
}
