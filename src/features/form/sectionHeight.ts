import { isQuestionVisible } from '../../kernel/form/conditions';
import type { Answers, Question, Section } from '../../kernel/form/definition/types';

/**
 * A generous guess at a section's height, in px at 390 px wide, for `contain-intrinsic-size` (form.css): a later
 * section skips layout until it scrolls near, and until then it is as tall as this guess. A guess shorter than the
 * section's real height lets its questions overflow onto the next section's, which is what an accessibility
 * checker sees of a page it reads whole (2.5.8: a select "partially obscured" by another). A longer one only
 * leaves room below that the section takes back once laid out ('auto' then remembers its real height).
 */
const TITLE_AND_DESCRIPTION = 140;
/** Label, control, the space between questions, and one line of hint or message. */
const FIELD = 128;
const TEXTAREA = 240;
/** A choice's row, for radio and checkbox groups (stacked on a phone). */
const CHOICE_ROW = 44;

const choicesOf = (question: Question): number => {
  if (question.type === 'checkboxGroup') return question.options.length;
  if (question.type === 'radio') return Array.isArray(question.options) ? question.options.length : 4;
  return 0;
};

const heightOf = (question: Question): number =>
  question.type === 'textarea' ? TEXTAREA : FIELD + choicesOf(question) * CHOICE_ROW;

/** The guess for the questions that show with these answers (read once, when the section first renders). */
export function estimatedSectionHeight(section: Section, answers: Answers): number {
  return section.questions
    .filter((question) => isQuestionVisible(question, section, answers))
    .reduce((total, question) => total + heightOf(question), TITLE_AND_DESCRIPTION);
}
