/**
 * The form: its pages generated from the definition (src/kernel/form), the question components and their
 * registry, the form's listeners (clearing hidden answers, revalidation) and the validation schema.
 */
export { addFormListeners } from './formListeners';
export { QuestionRenderer } from './renderer/QuestionRenderer';
export type { QuestionProps } from './renderer/Field';
export { useSectionVisible } from './renderer/hooks';
export { OnlyAnsweredContext } from './renderer/onlyAnswered';
export { isAnswered } from './renderer/answered';
export { loadOptions } from './renderer/options';
export { FIRST_SCREEN_SECTIONS, ProgressiveSectionsContext, SectionLimitContext } from './sectionLimit';
export { preloadLargeQuestions } from './registry';

/** The pages, each its own chunk that the router loads on first visit. */
export const formPages = {
  about: () => import(/* webpackChunkName: "page-about" */ './pages/AboutPage'),
  // With the questions it shows from their own chunk (add-another lists; the upload and tabs), so the page renders once.
  education: () =>
    Promise.all([
      import(/* webpackChunkName: "page-education" */ './pages/EducationPage'),
      import('./registry').then((m) => m.preloadLargeQuestions()),
    ]).then(([page]) => page),
  finalSteps: () =>
    Promise.all([
      import(/* webpackChunkName: "page-final-steps" */ './pages/FinalStepsPage'),
      import('./registry').then((m) => m.preloadLargeQuestions()),
    ]).then(([page]) => page),
  checkAnswers: () => import(/* webpackChunkName: "page-check-answers" */ './check/CheckAnswersPage'),
  completion: () => import(/* webpackChunkName: "page-completion" */ './pages/CompletionPage'),
};

/** yup and the schema, in their own chunk: loaded by a submission (and the bench), not with the form. */
export const loadValidationSchema = () => import(/* webpackChunkName: "form-validation" */ './schema');

/** Development only: the definition's problems, reported in the console. */
export const loadDevChecks = () => import('./devChecks');
