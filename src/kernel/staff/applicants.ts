/**
 * The applicant list's values, shared by the server and the console. No TypeBox here (contract.ts has the schemas):
 * a console page imports these at run time without carrying the schema library into its first download.
 */
import { fileExtension } from '../documents/fileRules';

/** Where an application is: no answers yet, started, validating (Submit pressed, answers missing), submitted. */
export const APPLICANT_STATUSES = ['none', 'started', 'validating', 'submitted'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
export const APPLICANT_STATUS_LABELS: Record<ApplicantStatus, string> = {
  none: 'No answers yet',
  started: 'Started',
  validating: 'Validating',
  submitted: 'Submitted',
};
/**
 * The list's school report filter (migration 017's `school_report_filter`): complete (submitted, the counselor's
 * report received or not needed, nothing staff marked as needed still open), awaiting the counselor (requested or
 * reminded), overdue, declined, bounced. Everything else (not requested, cancelled…) is `other`, which is counted
 * but not offered.
 */
export const SCHOOL_REPORT_FILTERS = ['complete', 'awaiting', 'overdue', 'declined', 'bounced'] as const;
export type SchoolReportFilter = (typeof SCHOOL_REPORT_FILTERS)[number];
export const SCHOOL_REPORT_FILTER_LABELS: Record<SchoolReportFilter, string> = {
  complete: 'Complete',
  awaiting: 'Awaiting the counselor',
  overdue: 'Overdue',
  declined: 'Declined',
  bounced: 'Email bounced',
};
/** The sorts: best match first (a search's), last name, submitted date, last saved. */
export const APPLICANT_SORTS = ['match', 'last_name', 'submitted', 'saved'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];

/** The words of a search that must each be like a word of the name; more is a pasted text, not a name typed. */
const MAX_SEARCH_WORDS = 4;
/** The words of a search as the list matches them: the parts between spaces and punctuation. */
export const searchWords = (q: string | undefined) =>
  (q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
/**
 * A search ranks its results (best match first) when a word of it has 3 letters or more: one or two letters start
 * too many names for one to be a better match than another, and are listed by name.
 */
export const searchRanks = (q: string | undefined) => searchWords(q).some((word) => word.length >= 3);
/** The sort when none is chosen: best match for a search that ranks, else last name. */
export const defaultSort = (q: string | undefined): ApplicantSort => (searchRanks(q) ? 'match' : 'last_name');
/** The sort in force: the one chosen, but best match only for a search that ranks. */
export const sortInForce = (sort: ApplicantSort | undefined, q: string | undefined): ApplicantSort =>
  sort === 'match' && !searchRanks(q) ? 'last_name' : (sort ?? defaultSort(q));
export const APPLICANTS_PAGE_SIZE = 50;

/**
 * The extension of a document the server converted to PDF (a Word file, an image: 'docx', 'png'…), whose original
 * staff may download beside the PDF; '' for one uploaded as a PDF, which is its own original.
 */
export const convertedFrom = (fileName: string) => {
  const extension = fileExtension(fileName);
  return extension === 'pdf' ? '' : extension;
};
