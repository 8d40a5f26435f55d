/**
 * The applicant list's values, shared by the server and the console. No TypeBox here (contract.ts has the schemas):
 * a console page imports these at run time without carrying the schema library into its first download.
 */
/** Where an application is: no answers yet, started, validating (Submit pressed, answers missing), submitted. */
export const APPLICANT_STATUSES = ['none', 'started', 'validating', 'submitted'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
export const APPLICANT_STATUS_LABELS: Record<ApplicantStatus, string> = {
  none: 'No answers yet',
  started: 'Started',
  validating: 'Validating',
  submitted: 'Submitted',
};
export const APPLICANT_SORTS = ['last_name', 'submitted', 'saved'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];
export const APPLICANTS_PAGE_SIZE = 50;

/** The application's stable id, as staff and the student-information system see it: APP-000123. */
export const applicationIdOf = (userId: string | number) => `APP-${String(userId).padStart(6, '0')}`;
