/**
 * The applicant's answers: the answers and sync slices, the outbox that saves them (one save at a time, retried),
 * save-on-navigate, the answers shared between tabs, and the save status by the bottom bar.
 */
export {
  default as answersReducer,
  answerChanged,
  answersCleared,
  answersLoaded,
  descKey,
  documentMarked,
  fieldLeft,
  formatErrorsChanged,
  hasAnyAnswer,
  validationErrorsChanged,
  type StudentAnswers,
} from './answersSlice';
export {
  default as syncReducer,
  pendingRestored,
  saveRefused,
  saveSucceeded,
  serverVersionSeen,
  storageWriteFailed,
} from './syncSlice';
export { mergeAnswers } from './merge';
export { flushAnswers, type FlushResult } from './outbox';
export { addOutboxListeners } from './outboxListeners';
export { addSaveListeners } from './saveListeners';
export { addCrossTabListeners, answersSavedElsewhere, openCrossTabChannel } from './crossTab';
export { SaveStatus } from './SaveStatus';
