import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Check your answers (GOV.UK's pattern) renders the questions read-only, as the print view does, but for the
 * applicant: only the chosen options (no [ ] for the others), no unanswered month/year pair, a Change link by each
 * answer that opens its page at that question, and an answer with a format problem marked with its message.
 * Null everywhere else (the print view keeps SPEC §1's [X] / [ ] marks).
 */
export interface CheckMode {
  /** Format and range messages by answer key. */
  issues: Readonly<Record<string, readonly string[]>>;
  /** Where an answer is changed (its page and the question), or undefined for one not on a page. */
  changeHref: (key: string) => string | undefined;
  /** An answer's row (check/CheckRow.tsx, in the check page's chunk): its Change link, its problem. */
  Row: ComponentType<{ id: string; label: ReactNode; children: ReactNode; issueKeys?: readonly string[] }>;
  /** The chosen options only. */
  Chosen: ComponentType<{ items: readonly { label: string; checked: boolean }[] }>;
}
export const CheckModeContext = createContext<CheckMode | null>(null);

export const useCheckMode = () => useContext(CheckModeContext);

/** The navigation state a Change link carries: the page offers one action back to the check. */
export interface FromCheckState {
  fromCheck: true;
}
export const isFromCheck = (state: unknown): state is FromCheckState =>
  typeof state === 'object' && state !== null && (state as Partial<FromCheckState>).fromCheck === true;
