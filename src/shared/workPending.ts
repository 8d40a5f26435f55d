import type { RootState } from '../app/store';

/**
 * Whether the applicant is waiting on work the app is doing for them: a save in flight, a document uploading,
 * converting, being deleted or looked up, the PDF copy on its way, or a Submit at work. The inactivity logout holds
 * its clock meanwhile (features/session/InactivityWatcher.tsx): someone watching a spinner is not idle. One home for
 * the list, in src/shared beside selectValidating: it reads the state of three features and belongs to none of them.
 * A save counts on its first try (after typing, before a page change); its retries in the background (offline, a
 * 5xx) do not: the answers are kept on the device anyway, and a computer left offline, retrying every minute, must
 * still log out.
 */
export const selectWorkPending = (state: RootState): boolean =>
  state.session.submit !== 'idle' ||
  (state.sync.status === 'saving' && state.sync.attempts === 0) ||
  state.documents.pdfDownloading ||
  Object.values(state.documents.byKey).some((doc) => doc.phase !== 'idle');
