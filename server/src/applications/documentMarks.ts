import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { ANSWERED } from '../../../src/kernel/documents/messages';
import { questionEntries } from '../../../src/kernel/form/definition';

/** The answer keys of the form's document questions. */
const DOCUMENT_KEYS: ReadonlySet<string> = new Set(
  questionEntries()
    .filter((entry) => entry.question.type === 'document')
    .flatMap((entry) => entry.answerKeys),
);

/**
 * The answer map as the applicant and staff see it. A document question's answer is derived from the documents'
 * state, never read from the stored map: ANSWERED while a converted file is kept for it (SPEC §4), no answer
 * otherwise. Saves store the SPA's whole map, its copy of the mark included, and a stale copy (a tab that had not
 * seen a delete) must not bring a removed document back; the documents service, which knows, writes nothing here.
 * A key outside the form with a converted file is marked too (the document routes take any question key).
 */
export function withDocumentMarks(stored: AnswerMap, convertedKeys: readonly string[] | null): AnswerMap {
  const answer: AnswerMap = {};
  for (const key in stored) if (!DOCUMENT_KEYS.has(key)) answer[key] = stored[key];
  for (const key of convertedKeys ?? []) answer[key] = ANSWERED;
  return answer;
}
