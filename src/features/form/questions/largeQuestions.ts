/** The question components the registry loads apart (registry.tsx: preloadLargeQuestions). */
export { DocumentQuestion } from './DocumentQuestion';
export { TabsQuestion } from './TabsQuestion';
