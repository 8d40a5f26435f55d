/**
 * The adapter from the form definition (src/kernel/form/definition, shared with the SPA) to what the PDF
 * prints for one applicant: only the questions that show for their answers (the SPA's own visibility rules),
 * add-another entries 1..count, the chosen tab's questions. Nothing about the form is repeated here.
 */
import {
  FORM_PAGES_DEFINITION,
  questionEntries,
  type LeafQuestion,
  type Page,
} from '../../../src/kernel/form/definition';
import { isEntryVisible, isSectionVisible } from '../../../src/kernel/form/conditions';
import { optionLabel, resolveOptions } from '../../../src/kernel/form/options';
import { displayDate, maskSsn } from '../../../src/kernel/form/display';
import type { PrintAnswers, PrintForm, PrintQuestion, PrintSection } from './types';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function safeOptions(resolve: () => readonly { value: string; label: string }[]) {
  try {
    return resolve().map(({ value, label }) => ({ value, label }));
  } catch {
    return [];
  }
}

export function printQuestion(question: LeafQuestion, answers: PrintAnswers): PrintQuestion | null {
  const { key } = question;
  const label = question.label ?? '';
  const answer = str(answers[key]);
  switch (question.type) {
    case 'content':
    case 'password':
      return null;
    case 'textarea':
      return { key, label, type: 'textarea' };
    case 'text':
    case 'phone':
      return { key, label, type: 'text' };
    case 'date':
      return { key, label, type: 'text', value: displayDate(answer) };
    case 'ssn':
      return { key, label, type: 'text', value: maskSsn(answer) };
    case 'lookup':
      return { key, label, type: 'text', value: str(answers[question.fills[question.labelKey]]) || answer };
    case 'radio':
      return { key, label, type: 'radio', options: safeOptions(() => resolveOptions(question.options)) };
    case 'dropdown': {
      const shown = answer
        ? str(answers[`${key}_desc`]) || safeLabel(() => optionLabel(question, answer, answers)) || answer
        : '';
      return { key, label, type: 'text', value: shown };
    }
    case 'checkbox':
    case 'confirmation':
      return { key, label, type: 'checkbox' };
    case 'checkboxGroup':
      return {
        key,
        label,
        type: 'checkboxGroup',
        options: question.options.map((o) => ({ value: o.key, label: o.label })),
      };
    case 'monthYear': {
      const month = str(answers[question.monthKey]);
      const monthName =
        str(answers[`${question.monthKey}_desc`]) ||
        (month ? safeLabel(() => optionLabel(question, month, answers, {}, 'month')) || month : '');
      return {
        key,
        label,
        type: 'text',
        value: [monthName, str(answers[question.yearKey])].filter(Boolean).join(' '),
      };
    }
    case 'document':
      return { key, label, type: 'document' };
    default: {
      // A question type added to the definition later still prints its answer.
      const unknown = question as { key: string; label?: string };
      return { key: unknown.key, label: unknown.label ?? '', type: 'text' };
    }
  }
}

function safeLabel(resolve: () => string): string {
  try {
    return resolve();
  } catch {
    return '';
  }
}

export interface ApplicantState {
  answers: PrintAnswers;
  /** Add-another counts by button id (default 1). */
  addAnother: Readonly<Record<string, number>>;
  /** Chosen tab by tab id (default: the definition's default tab). */
  tabs: Readonly<Record<string, string>>;
}

/** The printable application of one applicant. */
export function printableApplication(state: ApplicantState, pages: readonly Page[] = FORM_PAGES_DEFINITION): PrintForm {
  const { answers, addAnother, tabs } = state;
  const entries = questionEntries(pages);
  return {
    pages: pages.map((page) => ({
      title: page.title,
      sections: page.sections
        .filter((section) => isSectionVisible(section, answers))
        .map((section): PrintSection => {
          const questions: PrintQuestion[] = [];
          let lastContainer = '';
          for (const entry of entries) {
            if (entry.section !== section || entry.page !== page) continue;
            const container = entry.container;
            if (container?.type === 'addAnother') {
              const count = addAnother[container.question.buttonId] ?? 1;
              if (container.entry > count) continue;
            }
            if (container?.type === 'tabs') {
              const chosen = tabs[container.question.tabId] ?? container.question.defaultTab;
              if (container.tab !== chosen) continue;
            }
            if (!isEntryVisible(entry, answers)) continue;
            const printed = printQuestion(entry.question, answers);
            if (!printed) continue;
            const id =
              container?.type === 'addAnother'
                ? `${container.question.key}#${container.entry}`
                : container?.type === 'tabs'
                  ? `${container.question.key}#${container.tab}`
                  : '';
            if (id && id !== lastContainer) {
              const heading =
                container?.type === 'addAnother'
                  ? `${container.question.entryLabel} ${container.entry}`
                  : container?.type === 'tabs'
                    ? `${container.question.label}: ${container.question.tabs.find((t) => t.id === container.tab)?.label ?? container.tab}`
                    : '';
              questions.push({ key: id, label: heading, type: 'heading' });
            }
            lastContainer = id;
            questions.push(printed);
          }
          return { title: section.title, questions };
        })
        .filter((section) => section.questions.length > 0),
    })),
  };
}

/** A stable fingerprint of the definition: a new form version makes every cached PDF stale. */
export function definitionFingerprint(pages: readonly Page[] = FORM_PAGES_DEFINITION): string {
  return JSON.stringify(pages);
}
