/** The application deadline on the form pages: the countdown, the passed state, Submit closed (docs/architecture.md). */
export { deadlineReducer } from './deadlineSlice';
export { DeadlineNotice, useSubmitOffered } from './DeadlineNotice';
