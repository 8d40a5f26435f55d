/**
 * The applicant list as its address holds it: the search, the filters, the sort and the page. The page is the
 * cursors of the pages before it (`after`, repeated, oldest first): the last one asks the API for this page, and
 * dropping it gives the previous page's address (the API pages by key, forward only). A shared link shows the
 * same page; Back returns to the previous one.
 */
import type { ApplicantsQuery, StaffShape } from '../../kernel/staff/contract';
import {
  APPLICANT_SORTS,
  APPLICANT_STATUSES,
  SCHOOL_REPORT_FILTERS,
  sortInForce,
  type ApplicantSort,
  type ApplicantStatus,
} from '../../kernel/staff/applicants';

export type ApiQuery = StaffShape<typeof ApplicantsQuery>;
/** Everything but the page. */
export type ListFilters = Omit<ApiQuery, 'after'>;

export interface ListState {
  filters: ListFilters;
  /** The cursors of the pages before this one (empty on the first page). */
  trail: string[];
}

/**
 * The documents filter and column count the documents still waiting for their conversion to PDF or whose
 * conversion failed; a document that converted is in neither (so "None waiting or failed", never "None").
 */
export const DOCUMENTS_LABEL = 'Documents waiting or failed';
export const DOCUMENT_FILTERS = { waiting: 'Some waiting', failed: 'Some failed' } as const;
export const SORT_LABELS: Record<ApplicantSort, string> = {
  match: 'best match',
  last_name: 'last name',
  submitted: 'submitted date',
  saved: 'last saved',
};
export const DIRECTION_LABELS = { asc: 'ascending', desc: 'descending' } as const;

const FILTER_KEYS = [
  'q',
  'status',
  'submittedFrom',
  'submittedTo',
  'term',
  'major',
  'documents',
  'report',
  'sort',
  'dir',
] as const satisfies readonly (keyof ListFilters)[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The list's state from its address; values the API would refuse are left out. */
export function listFrom(params: URLSearchParams): ListState {
  const text = (key: string, max = 100) => params.get(key)?.trim().slice(0, max) || undefined;
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const filters: ListFilters = {
    q: text('q'),
    status: oneOf<ApplicantStatus>(APPLICANT_STATUSES, params.get('status')),
    submittedFrom: day('submittedFrom'),
    submittedTo: day('submittedTo'),
    term: text('term'),
    major: text('major'),
    documents: oneOf(['waiting', 'failed'] as const, params.get('documents')),
    report: oneOf(SCHOOL_REPORT_FILTERS, params.get('report')),
    sort: oneOf<ApplicantSort>(APPLICANT_SORTS, params.get('sort')),
    dir: oneOf(['asc', 'desc'] as const, params.get('dir')),
  };
  const trail = params
    .getAll('after')
    .filter((cursor) => cursor && cursor.length <= 400)
    .slice(0, 1000);
  return { filters: clean(filters), trail };
}

/** Only the filters that are set. */
function clean(filters: ListFilters): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as ListFilters;
}

/** The address's query for this state: only what is set, so a shared link is short. */
export function listParams({ filters, trail }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const cursor of trail) params.append('after', cursor);
  return params;
}

/** The query string for this state ('' or '?…'). */
export const listSearch = (state: ListState) => {
  const query = listParams(state).toString();
  return query ? `?${query}` : '';
};

/** GET /applicants's query: the filters, and the cursor of the page before this one. */
export const apiQuery = ({ filters, trail }: ListState): ApiQuery =>
  trail.length ? { ...filters, after: trail[trail.length - 1] } : { ...filters };

/** The filters alone as a query string (the export's links: every matching application, not a page). */
export const filtersSearch = (filters: ListFilters) => {
  const query = listParams({ filters, trail: [] }).toString();
  return query ? `?${query}` : '';
};

/** The sort in force, as the API chooses it (best match for a search that ranks, else last name; ascending). */
export const sortOf = (filters: ListFilters) => ({
  sort: sortInForce(filters.sort, filters.q),
  dir: filters.dir ?? 'asc',
});
