/**
 * The form: its pages generated from the definition (src/kernel/form), the question components and their
 * registry, the form's listeners (clearing hidden answers, revalidation) and the validation schema.
 */
export { addFormListeners } from './formListeners';
export { QuestionRenderer } from './renderer/QuestionRenderer';
export type { QuestionProps } from './renderer/Field';
export { useSectionVisible } from './renderer/hooks';
export { OnlyAnsweredContext } from './renderer/onlyAnswered';
export { loadOptions } from './renderer/options';
export { SectionLimitContext } from './sectionLimit';

/** The pages, each its own chunk that the router loads on first visit. */
export const formPages = {
  about: () => import(/* webpackChunkName: "page-about" */ './pages/AboutPage'),
  education: () => import(/* webpackChunkName: "page-education" */ './pages/EducationPage'),
  finalSteps: () => import(/* webpackChunkName: "page-final-steps" */ './pages/FinalStepsPage'),
  checkAnswers: () => import(/* webpackChunkName: "page-check-answers" */ './check/CheckAnswersPage'),
  completion: () => import(/* webpackChunkName: "page-completion" */ './pages/CompletionPage'),
};

/** yup and the schema, in their own chunk: loaded by a submission (and the bench), not with the form. */
export const loadValidationSchema = () => import(/* webpackChunkName: "form-validation" */ './schema');

/** Development only: the definition's problems, reported in the console. */
export const loadDevChecks = () => import('./devChecks');
