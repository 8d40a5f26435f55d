import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Check your answers (GOV.UK's pattern) renders the questions read-only, as the print view does, but for the
 * applicant: only the chosen options (no [ ] for the others), no unanswered month/year pair, one Change link per
 * section, and an answer with a problem (blank but required, or in the wrong format) marked with its message and a
 * link to its question.
 * Null everywhere else (the print view keeps SPEC §1's [X] / [ ] marks).
 */
export interface CheckMode {
  /** The problems' messages by answer key: blank required answers and format and range problems. */
  issues: Readonly<Record<string, readonly string[]>>;
  /** The keys of `issues` that are blank required answers (their link says Answer, not Correct). */
  missing: ReadonlySet<string>;
  /** Where an answer is changed (its page and the question), or undefined for one not on a page. */
  changeHref: (key: string) => string | undefined;
  /** An answer's row (check/CheckRow.tsx, in the check page's chunk): its Change link, its problem. */
  Row: ComponentType<{ id: string; label: ReactNode; children: ReactNode; issueKeys?: readonly string[] }>;
  /** The chosen options only. */
  Chosen: ComponentType<{ items: readonly { label: string; checked: boolean }[] }>;
}
export const CheckModeContext = createContext<CheckMode | null>(null);

export const useCheckMode = () => useContext(CheckModeContext);

/**
 * The navigation state a Change link carries: the page offers one action back to the check, beside the section
 * that was opened (`section`, else the question's own), which lands back at that section of the check.
 */
export interface FromCheckState {
  fromCheck: true;
  section?: string;
}
/** The state of a link from the check that names no section (a page's Change, a problem's link). */
export const FROM_CHECK: FromCheckState = { fromCheck: true };

export const isFromCheck = (state: unknown): state is FromCheckState =>
  typeof state === 'object' && state !== null && (state as Partial<FromCheckState>).fromCheck === true;
