/**
 * The question components the registry loads apart (registry.tsx: preloadLargeQuestions): the ones no question of
 * About You uses, so its first download does not carry them.
 */
export { AddAnotherQuestion } from './AddAnotherQuestion';
export { DocumentQuestion } from './DocumentQuestion';
export { TabsQuestion } from './TabsQuestion';
