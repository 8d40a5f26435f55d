/** The staff view (every answer, read-only, print-ready) and public links' answers. */
export { addPublicLinkListeners } from './publicLinkListeners';
export { applicantName, holdsOnly, reviewDocumentTitle } from './staffView';

/** The staff view: its own chunk, which no applicant downloads. */
export const loadStaffReview = () => import(/* webpackChunkName: "staff-review" */ './StaffReview');
