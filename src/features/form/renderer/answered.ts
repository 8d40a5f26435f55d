import { answerKeysOf, entryPrefixes, type Question } from '../../../kernel/form/definition';
import { entryQuestion } from '../../../kernel/form/definition/walk';
import type { StudentAnswers } from '../../answers';

/*
 * The print view shows answers only: unanswered questions, empty add-another entries and the applicant's help text
 * (content) are left out, so a printed application is its answers, not 11 sparse pages. Check your answers leaves
 * out the optional questions left blank the same way (each section's summary line counts them). Handed to the
 * questions through renderer/onlyAnswered.ts.
 */

const filled = (value: unknown) =>
  typeof value === 'boolean' ? value : typeof value === 'string' && value.trim() !== '';

/** Whether a question (a container: any question in it) holds an answer. */
export function isAnswered(question: Question, values: StudentAnswers): boolean {
  switch (question.type) {
    case 'content':
      return false;
    case 'addAnother': {
      const templateKeys = new Set(question.questions.flatMap(answerKeysOf));
      return entryPrefixes(question).some((prefix) =>
        question.questions.some((template) => isAnswered(entryQuestion(template, prefix, templateKeys), values)),
      );
    }
    case 'tabs':
      return question.tabs.some((tab) => tab.questions.some((q) => isAnswered(q, values)));
    default:
      return answerKeysOf(question).some((key) => filled(values[key]));
  }
}
