/**
 * An applicant's answers as staff read them, from the form definition (src/kernel/form/definition): the pages and
 * sections in the form's order, only the questions that show for these answers (the form's own conditions), only
 * the ones answered, option labels rather than codes, add-another entries 1..count and the chosen tab's questions.
 * Documents are listed apart (their links); passwords and content are never shown.
 */
import {
  FORM_PAGES_DEFINITION,
  questionEntries,
  type Answers,
  type LeafQuestion,
  type Page,
} from '../../kernel/form/definition';
import { isEntryVisible, isSectionVisible } from '../../kernel/form/conditions';
import { optionLabel, resolveOptions } from '../../kernel/form/options';
import { displayDate, maskSsn } from '../../kernel/form/display';
import { SCHOOL_REPORT_DOCUMENTS } from '../../kernel/schoolReport/rules';

/** One answered question: its label and what was answered (several lines for a checkbox group). */
export interface ShownAnswer {
  key: string;
  label: string;
  value: string | string[];
}

/** An add-another entry ("Parent 2") or the chosen tab, heading the answers under it. */
export interface ShownGroup {
  key: string;
  heading?: string;
  answers: ShownAnswer[];
}

export interface ShownSection {
  title: string;
  groups: ShownGroup[];
}

export interface ShownPage {
  title: string;
  sections: ShownSection[];
}

export interface ApplicantState {
  answers: Answers;
  addAnother: Readonly<Record<string, number>>;
  tabs: Readonly<Record<string, string>>;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function safely(resolve: () => string): string {
  try {
    return resolve();
  } catch {
    return '';
  }
}

/** The label the applicant chose: the stored `_desc` companion, the option's label, or the stored value. */
function chosenLabel(question: LeafQuestion, value: string, answers: Answers, part?: 'month'): string {
  const key = part ? (question as { monthKey: string }).monthKey : question.key;
  return str(answers[`${key}_desc`]) || safely(() => optionLabel(question, value, answers, {}, part)) || value;
}

/** What a question's answer reads as, or '' / [] when it was not answered (or is never shown to staff). */
export function shownValue(question: LeafQuestion, answers: Answers): string | string[] {
  const answer = str(answers[question.key]);
  switch (question.type) {
    case 'content':
    case 'password':
    case 'document':
      return '';
    case 'date':
      return displayDate(answer);
    case 'ssn':
      return maskSsn(answer);
    case 'lookup':
      return str(answers[question.fills[question.labelKey]]) || answer;
    case 'radio': {
      if (!answer) return '';
      const options = safelyOptions(() => resolveOptions(question.options));
      return str(answers[`${question.key}_desc`]) || options.find((o) => o.value === answer)?.label || answer;
    }
    case 'dropdown':
      return answer ? chosenLabel(question, answer, answers) : '';
    case 'checkbox':
    case 'confirmation':
      return answers[question.key] === true || answer === 'true' || answer === 'Y' ? 'Yes' : '';
    case 'checkboxGroup':
      return question.options
        .filter((option) => answers[option.key] === true || str(answers[option.key]) === 'true')
        .map((option) => option.label);
    case 'monthYear': {
      const month = str(answers[question.monthKey]);
      const monthName = month ? chosenLabel(question, month, answers, 'month') : '';
      return [monthName, str(answers[question.yearKey])].filter(Boolean).join(' ');
    }
    default:
      // A question type added to the definition later still shows its answer.
      return answer;
  }
}

function safelyOptions(resolve: () => readonly { value: string; label: string }[]) {
  try {
    return resolve();
  } catch {
    return [];
  }
}

const answered = (value: string | string[]) => (Array.isArray(value) ? value.length > 0 : value !== '');

/** The answered, visible questions of every page and section, in the form's order; empty sections left out. */
export function shownAnswers(state: ApplicantState, pages: readonly Page[] = FORM_PAGES_DEFINITION): ShownPage[] {
  const { answers, addAnother, tabs } = state;
  const entries = questionEntries(pages);
  return pages
    .map((page) => ({
      title: page.title,
      sections: page.sections
        .filter((section) => isSectionVisible(section, answers))
        .map((section): ShownSection => {
          const groups: ShownGroup[] = [];
          for (const entry of entries) {
            if (entry.section !== section || entry.page !== page) continue;
            const container = entry.container;
            if (container?.type === 'addAnother' && container.entry > (addAnother[container.question.buttonId] ?? 1)) {
              continue;
            }
            if (
              container?.type === 'tabs' &&
              container.tab !== (tabs[container.question.tabId] ?? container.question.defaultTab)
            ) {
              continue;
            }
            if (!isEntryVisible(entry, answers)) continue;
            const value = shownValue(entry.question, answers);
            if (!answered(value)) continue;
            const groupKey =
              container?.type === 'addAnother'
                ? `${container.question.key}#${container.entry}`
                : container?.type === 'tabs'
                  ? `${container.question.key}#${container.tab}`
                  : '';
            let group = groups.at(-1);
            if (!group || group.key !== groupKey) {
              const heading =
                container?.type === 'addAnother'
                  ? `${container.question.entryLabel} ${container.entry}`
                  : container?.type === 'tabs'
                    ? `${container.question.label}: ${container.question.tabs.find((t) => t.id === container.tab)?.label ?? container.tab}`
                    : undefined;
              group = { key: groupKey, heading, answers: [] };
              groups.push(group);
            }
            group.answers.push({ key: entry.question.key, label: entry.question.label ?? '', value });
          }
          return { title: section.title, groups };
        })
        .filter((section) => section.groups.length > 0),
    }))
    .filter((page) => page.sections.length > 0);
}

/** The label of each document question by its answer key (add-another ones numbered), for the documents list. */
export function documentLabels(pages: readonly Page[] = FORM_PAGES_DEFINITION): Map<string, string> {
  const labels = new Map<string, string>();
  for (const entry of questionEntries(pages)) {
    if (entry.question.type !== 'document') continue;
    const container = entry.container;
    const suffix = container?.type === 'addAnother' ? ` (${container.question.entryLabel} ${container.entry})` : '';
    labels.set(entry.question.key, `${entry.question.label ?? entry.question.key}${suffix}`);
  }
  // The counselor's documents join the file under keys of their own (no question of the form has them).
  for (const document of SCHOOL_REPORT_DOCUMENTS) {
    labels.set(document.answerKey, `${document.label} (from the counselor)`);
  }
  return labels;
}
