/** The session: start-up, login, logout, the 401 redirect, inactivity, web status and submission. */
export { default as sessionReducer, sessionDetected, type SessionState } from './sessionSlice';
export { addSessionListeners } from './sessionListeners';
export { addSubmitListeners } from './submitListeners';
export { InactivityGuard } from './InactivityGuard';
export { SubmitStatusSlot } from './SubmitStatusSlot';
