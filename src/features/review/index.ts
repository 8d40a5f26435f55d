/** The staff view (every answer, read-only, print-ready) and public links' answers. */
export { addPublicLinkListeners } from './publicLinkListeners';
export { applicantName, holdsOnly, reviewDocumentTitle, reviewTitle } from './staffView';
/** The staff view's content, for the server's render of the staff page (a Node bundle; the app loads it lazily). */
export { default as StaffReviewContent } from './StaffReviewContent';

/** The staff view: its own chunk, which no applicant downloads. */
export const loadStaffReview = () => import(/* webpackChunkName: "staff-review" */ './StaffReview');
