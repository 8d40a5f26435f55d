/**
 * What must be answered before submission (SPEC §5), derived from the form definition: a question that shows
 * for these answers and whose `required` (or a `required` rule) applies must be answered; a required checkbox
 * must be ticked (legal_agree). The server re-checks this at submit (it never trusts the client), so no React
 * and no yup here.
 */
import { evaluate, isAnswered, isEntryVisible } from './conditions';
import { questionEntries } from './definition';
import { checksOf } from './definition/checks';
import type { LeafQuestion } from './definition/types';

export type AnswerMap = Record<string, string | boolean>;

/** A question's required-kind checks (`required` and required rules); any one that applies makes it required. */
function requirements(question: LeafQuestion) {
  return checksOf(question).filter((rule) => rule.kind === 'required');
}

/** The keys required whatever the other answers are (first_name, last_name…), in page order. */
export const ALWAYS_REQUIRED: readonly string[] = questionEntries()
  .filter((e) => e.conditions.length === 0 && !e.group && requirements(e.question).some((r) => r.when === undefined))
  .flatMap((e) => e.answerKeys);

/** Keys that must be answered before submission and are not, in page order. */
export function missingRequiredKeys(answer: AnswerMap): string[] {
  const missing: string[] = [];
  for (const entry of questionEntries()) {
    const required = requirements(entry.question);
    if (required.length === 0 || !isEntryVisible(entry, answer)) continue;
    if (!required.some((rule) => evaluate(rule.when, answer))) continue;
    for (const key of entry.answerKeys) if (!isAnswered(answer[key])) missing.push(key);
  }
  return missing;
}
