import { isQuestionVisible } from '../../kernel/form/conditions';
import type { AddAnotherQuestion, Answers, Question, Section } from '../../kernel/form/definition/types';

/**
 * A generous guess at a section's height, in px at 390 px wide, for `contain-intrinsic-size` (form.css): a later
 * section skips layout until it scrolls near, and until then it is as tall as this guess. A guess shorter than the
 * section's real height lets its questions overflow onto the next section's, which is what an accessibility
 * checker sees of a page it reads whole (2.5.8: a control "partially obscured" by another). A longer one only
 * leaves room below that the section takes back once laid out ('auto' then remembers its real height).
 */
const TITLE_AND_DESCRIPTION = 140;
/** Label, control, the space between questions, and one line of hint or message. */
const FIELD = 128;
const TEXTAREA = 240;
/** A choice's row, for radio and checkbox groups (stacked on a phone). */
const CHOICE_ROW = 44;
/** An add-another entry's heading and Remove button; the list's Add button. */
const ENTRY = 120;
/** The upload's drop area and list. */
const UPLOAD = 320;

type Entries = (question: AddAnotherQuestion) => number;

const heightOf = (question: Question, entries: Entries): number => {
  switch (question.type) {
    case 'textarea':
      return TEXTAREA;
    case 'document':
      return UPLOAD;
    case 'radio':
      return FIELD + (Array.isArray(question.options) ? question.options.length : 4) * CHOICE_ROW;
    case 'checkboxGroup':
      return FIELD + question.options.length * CHOICE_ROW;
    case 'addAnother': {
      const entry = question.questions.reduce((sum, q) => sum + heightOf(q, entries), ENTRY);
      return FIELD + entries(question) * entry;
    }
    case 'tabs':
      return (
        FIELD + Math.max(...question.tabs.map((tab) => tab.questions.reduce((s, q) => s + heightOf(q, entries), 0)))
      );
    default:
      return FIELD;
  }
};

/**
 * The guess for the questions that show with these answers and add-another entries (`entries`: how many a list
 * shows), read once, when the section first renders.
 */
export function estimatedSectionHeight(section: Section, answers: Answers, entries: Entries): number {
  return section.questions
    .filter((question) => isQuestionVisible(question, section, answers))
    .reduce((total, question) => total + heightOf(question, entries), TITLE_AND_DESCRIPTION);
}
