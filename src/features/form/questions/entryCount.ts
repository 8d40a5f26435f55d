/** Apart from the add-another list (a chunk of its own) so the sections' height guess (sectionHeight.ts) can count. */
import { ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_MAX_COUNT } from '../../../kernel/constants';
import type { AddAnotherQuestion } from '../../../kernel/form/definition/types';
import { entryPrefixes } from '../../../kernel/form/definition/walk';

/** How many entries show: the stored count (default 1), never more than the definition allows. */
export function entryCount(stored: number | undefined, question: AddAnotherQuestion): number {
  const limit = Math.min(entryPrefixes(question).length, ADD_ANOTHER_MAX_COUNT);
  return Math.max(1, Math.min(stored ?? ADD_ANOTHER_DEFAULT_COUNT, limit));
}
