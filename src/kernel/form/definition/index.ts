/**
 * The application form as data: three pages, their sections and questions (ARCHITECTURE "The form is data").
 * Pages, the yup schema, the missing-information summary, the print view and the server's PDF all read this.
 * No React here: the server imports it.
 */
import { ABOUT_PAGE } from './about';
import { EDUCATION_PAGE } from './education';
import { FINAL_STEPS_PAGE } from './finalSteps';
import type { LeafQuestion, Page, PageId, Question } from './types';
import { indexDefinition, type QuestionEntry } from './walk';

export const FORM_PAGES_DEFINITION: readonly Page[] = [ABOUT_PAGE, EDUCATION_PAGE, FINAL_STEPS_PAGE];

export const DESC_SUFFIX = '_desc';
/** The key a _desc companion belongs to (state_desc → state); other keys unchanged. */
export const baseKey = (key: string) => (key.endsWith(DESC_SUFFIX) ? key.slice(0, -DESC_SUFFIX.length) : key);

/** Every leaf question in page order, add-another entries expanded to their prefixed keys. */
export const allQuestions = (pages: readonly Page[] = FORM_PAGES_DEFINITION): LeafQuestion[] =>
  indexDefinition(pages).entries.map((e) => e.question);

/** Every leaf question with its page, section and container. */
export const questionEntries = (pages: readonly Page[] = FORM_PAGES_DEFINITION): readonly QuestionEntry[] =>
  indexDefinition(pages).entries;

/** Every answer key the form declares, in page order. */
export const allAnswerKeys = (pages: readonly Page[] = FORM_PAGES_DEFINITION): string[] =>
  indexDefinition(pages).entries.flatMap((e) => e.answerKeys);

/** The entry owning an answer key (a {key}_desc companion resolves to its key). */
export const entryByKey = (key: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): QuestionEntry | undefined => {
  const { byAnswerKey } = indexDefinition(pages);
  return byAnswerKey.get(key) ?? byAnswerKey.get(baseKey(key));
};

/**
 * The question for an answer key (activity_2_name, grad_month, race_asian, state_desc…) or for an anchor key
 * (grad, race, activity, personal_statement).
 */
export const questionByKey = (key: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): Question | undefined =>
  entryByKey(key, pages)?.question ?? indexDefinition(pages).byAnchor.get(key)?.question;

/**
 * What the applicant calls a question: its label, for an answer key or an anchor (a tab group's tabId, an
 * add-another's buttonId). Error toasts name it (SPEC §8's {key}, {id}, {tab}) instead of the internal key.
 */
export const questionLabel = (key: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): string => {
  const question = questionByKey(key, pages);
  return question && 'label' in question && question.label ? question.label : key;
};

/** The page an answer key (or anchor) is on. */
export const pageOfKey = (key: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): PageId | undefined =>
  (entryByKey(key, pages) ?? indexDefinition(pages).byAnchor.get(key))?.page.id;

export const pageById = (id: PageId, pages: readonly Page[] = FORM_PAGES_DEFINITION): Page | undefined =>
  pages.find((p) => p.id === id);

export const pageByPath = (path: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): Page | undefined =>
  pages.find((p) => p.path === path);

/** Per page, its answer keys (the summary map the missing-information summary links into). */
export const summaryMap = (pages: readonly Page[] = FORM_PAGES_DEFINITION) => indexDefinition(pages).summaryMap;

export { answerKeysOf, entryPrefixes, indexDefinition } from './walk';
export type { QuestionEntry } from './walk';
export * from './types';
