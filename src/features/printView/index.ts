/** The print view (every answer, read-only, print-ready) and public links' answers. */
export { addPublicLinkListeners } from './publicLinkListeners';
export { applicantName, holdsOnly, printViewDocumentTitle, printViewTitle } from './printView';
/** The print view's content, for the server's render of the print view's page (a Node bundle; the app loads it lazily). */
export { default as PrintViewContent } from './PrintViewContent';

/** The print view: its own chunk, which no applicant downloads. */
export const loadPrintView = () => import(/* webpackChunkName: "print-view" */ './PrintView');
