import { FORM_PAGES_DEFINITION, indexDefinition, type QuestionEntry } from '../../../kernel/form/definition';
import { isAnswered, isEntryVisible } from '../../../kernel/form/conditions';
import type { Answers, Section } from '../../../kernel/form/definition/types';

let bySection: Map<string, QuestionEntry[]> | undefined;
const entriesOf = (section: Section): readonly QuestionEntry[] => {
  if (!bySection) {
    bySection = new Map();
    for (const entry of indexDefinition(FORM_PAGES_DEFINITION).entries) {
      const list = bySection.get(entry.section.id) ?? [];
      list.push(entry);
      bySection.set(entry.section.id, list);
    }
  }
  return bySection.get(section.id) ?? [];
};

export interface AnswerCount {
  answered: number;
  total: number;
}

/**
 * How many of a section's questions that show are answered, for its summary line. Questions inside a tab or a
 * later add-another entry count only once answered: a tab not chosen, or an entry not added, is not a question
 * the applicant was asked.
 */
export function sectionAnswerCount(section: Section, values: Answers): AnswerCount {
  let answered = 0;
  let total = 0;
  for (const entry of entriesOf(section)) {
    if (entry.answerKeys.length === 0 || !isEntryVisible(entry, values)) continue;
    const given = entry.answerKeys.some((key) => isAnswered(values[key]));
    const container = entry.container;
    const asked = !container || (container.type === 'addAnother' && container.entry === 1);
    if (!given && !asked) continue;
    total += 1;
    if (given) answered += 1;
  }
  return { answered, total };
}
