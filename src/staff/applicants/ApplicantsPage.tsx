/**
 * The applicant list (readers): a search as you type, filters, sort and page that all live in the address (a link
 * can be shared, Back returns), the counts per status as links at the top, a plain table (antd's would cost the
 * console's first download) and, for admins, the CSV export of every application the filters match.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { STAFF_API, STAFF_PATHS, staffApplicantPath } from '../../kernel/staff/paths';
import { can } from '../../kernel/staff/roles';
import { errorMessage } from '../api';
import { useMe } from '../me';
import {
  APPLICANT_STATUS_LABELS,
  APPLICANT_STATUSES,
  APPLICANTS_PAGE_SIZE,
  defaultSort,
  searchRanks,
  type ApplicantSort,
  type ApplicantStatus,
} from '../../kernel/staff/applicants';
import { useCollegeTime } from '../time';
import { ErrorMessage, Field, TextField, usePageTitle } from '../ui';
import { useApplicantsQuery, type Applicant } from './endpoints';
import {
  apiQuery,
  DIRECTION_LABELS,
  DOCUMENT_FILTERS,
  filtersSearch,
  listFrom,
  listParams,
  listSearch,
  SORT_LABELS,
  sortOf,
  type ListFilters,
  type ListState,
} from './listQuery';

/** How long the search waits after the last key before it asks. */
export const SEARCH_DELAY_MS = 250;

interface FilterOptions {
  majors: ReadonlyMap<string, string>;
  terms: string[];
}

/** The majors and terms (from the form definition, a chunk of their own): empty until they have loaded. */
function useFilterOptions(): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>({ majors: new Map(), terms: [] });
  useEffect(() => {
    let shown = true;
    void import(/* webpackChunkName: "staff-applicants-options" */ './filterOptions').then((loaded) => {
      if (shown) setOptions({ majors: loaded.MAJORS, terms: loaded.termOptions() });
    });
    return () => {
      shown = false;
    };
  }, []);
  return options;
}

/** A select's options: the given ones, and the current value if it is not one of them (a shared link's, say). */
const withCurrent = (values: [string, string][], current?: string): [string, string][] =>
  current && !values.some(([value]) => value === current) ? [...values, [current, current]] : values;

const EXPORTS = [
  { file: 'applications', label: 'Applications (one row per application)' },
  { file: 'parents', label: 'Parents and guardians (one row per parent)' },
  { file: 'activities', label: 'Activities (one row per activity)' },
] as const;

/** The search box: it asks once typing pauses, and shows the address's search when Back changes it. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      search.current(q);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      id="q"
      label="Search by name or email"
      hint="Results update as you type; small typos are forgiven."
      type="search"
      name="q"
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label}>
      {(aria) => (
        <select
          {...aria}
          name={id}
          className="staff-select"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

function Filters({
  filters,
  options,
  onChange,
}: {
  filters: ListFilters;
  options: FilterOptions;
  onChange: (patch: Partial<ListFilters>) => void;
}) {
  const { sort, dir } = sortOf(filters);
  const set = (key: keyof ListFilters) => (value: string) => onChange({ [key]: value || undefined });
  const anySet = Object.entries(filters).some(([key, value]) => value && key !== 'sort' && key !== 'dir');
  return (
    <section className="staff-panel" aria-labelledby="filters-heading">
      <h2 id="filters-heading">Search and filters</h2>
      <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q: q || undefined })} />
      <div className="staff-row">
        <TextField
          id="submittedFrom"
          label="Submitted from"
          hint="A day in the college’s time zone"
          type="date"
          name="submittedFrom"
          value={filters.submittedFrom ?? ''}
          onChange={(event) => set('submittedFrom')(event.target.value)}
        />
        <TextField
          id="submittedTo"
          label="Submitted to"
          hint="Included"
          type="date"
          name="submittedTo"
          value={filters.submittedTo ?? ''}
          onChange={(event) => set('submittedTo')(event.target.value)}
        />
        <Select id="term" label="Entry term" value={filters.term} onChange={set('term')}>
          <option value="">Any term</option>
          {withCurrent(
            options.terms.map((term) => [term, term]),
            filters.term,
          ).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select id="major" label="Applied major" value={filters.major} onChange={set('major')}>
          <option value="">Any major</option>
          {withCurrent([...options.majors], filters.major).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select id="documents" label="Documents" value={filters.documents} onChange={set('documents')}>
          <option value="">Any</option>
          {Object.entries(DOCUMENT_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="staff-row">
        <Select id="sort" label="Sort by" value={sort} onChange={(value) => onChange({ sort: value as ApplicantSort })}>
          {/* Best match only for a search that ranks its results. */}
          {Object.entries(SORT_LABELS)
            .filter(([value]) => value !== 'match' || searchRanks(filters.q))
            .map(([value, label]) => (
              <option key={value} value={value}>
                {label[0].toUpperCase() + label.slice(1)}
              </option>
            ))}
        </Select>
        {/* Best match is always best first: no order to choose. */}
        {sort !== 'match' && (
          <Select
            id="dir"
            label="Order"
            value={dir}
            onChange={(value) => onChange({ dir: value === 'asc' ? undefined : (value as 'desc') })}
          >
            <option value="asc">Ascending (A to Z, oldest first)</option>
            <option value="desc">Descending (Z to A, newest first)</option>
          </Select>
        )}
        {anySet && (
          <div className="staff-field">
            <button
              type="button"
              className="staff-button"
              onClick={() =>
                onChange({
                  q: undefined,
                  status: undefined,
                  submittedFrom: undefined,
                  submittedTo: undefined,
                  term: undefined,
                  major: undefined,
                  documents: undefined,
                })
              }
            >
              Clear search and filters
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function SortHeader({
  label,
  sort,
  state,
  onSort,
}: {
  label: string;
  sort: ApplicantSort;
  state: ListState;
  onSort: (sort: ApplicantSort, dir: 'asc' | 'desc') => void;
}) {
  const current = sortOf(state.filters);
  const active = current.sort === sort;
  const next = active ? (current.dir === 'asc' ? 'desc' : 'asc') : sort === 'last_name' ? 'asc' : 'desc';
  return (
    <th scope="col" aria-sort={active ? (current.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="staff-sort"
        onClick={() => onSort(sort, next)}
        title={`Sort by ${SORT_LABELS[sort]}, ${DIRECTION_LABELS[next]}`}
      >
        {label}
        <span aria-hidden="true" className="staff-sort-mark">
          {active ? (current.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
      </button>
    </th>
  );
}

function documentsText(row: Applicant) {
  const parts = [
    row.documentsWaiting ? `${row.documentsWaiting} waiting` : '',
    row.documentsFailed ? `${row.documentsFailed} failed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

export default function ApplicantsPage() {
  usePageTitle('Applicants');
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const state = listFrom(params);
  const { filters, trail } = state;
  const { zone, time } = useCollegeTime();
  const list = useApplicantsQuery(apiQuery(state));
  const data = list.data;
  const options = useFilterOptions();

  const go = (next: ListState, replace = false) => setParams(listParams(next), { replace });
  /** A new search or filter starts again at the first page. A search typed on refines in place (no history). */
  const change = (patch: Partial<ListFilters>) => {
    const typing = 'q' in patch && Object.keys(patch).length === 1 && Boolean(filters.q) && Boolean(patch.q);
    const next = { ...filters, ...patch };
    // The defaults stay out of the address: a shared link is short, and one sort has one address. Best match without
    // a search that ranks is no sort at all.
    if (next.sort === defaultSort(next.q) || (next.sort === 'match' && !searchRanks(next.q))) next.sort = undefined;
    if (next.dir === 'asc') next.dir = undefined;
    go({ filters: next, trail: [] }, typing);
  };

  const counts = (data?.counts ?? {}) as Record<string, number>;
  const all = APPLICANT_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  const total = filters.status ? (counts[filters.status] ?? 0) : all;
  const rows = data?.rows ?? [];
  const first = trail.length * APPLICANTS_PAGE_SIZE + 1;
  const { sort, dir } = sortOf(filters);
  const sorted =
    sort === 'match' ? `Sorted by ${SORT_LABELS[sort]}.` : `Sorted by ${SORT_LABELS[sort]}, ${DIRECTION_LABELS[dir]}.`;
  const shown = list.isFetching
    ? 'Loading applicants…'
    : rows.length
      ? `Showing ${first} to ${first + rows.length - 1} of ${total} ${total === 1 ? 'applicant' : 'applicants'}.`
      : 'No applicants match this search and these filters.';

  // After Next or Previous page, the results' heading takes focus: the next Tab starts at the top of the table.
  const heading = useRef<HTMLHeadingElement>(null);
  const pageShown = useRef(trail.length);
  useEffect(() => {
    if (pageShown.current === trail.length) return;
    pageShown.current = trail.length;
    heading.current?.focus({ preventScroll: false });
  }, [trail.length]);

  const statusLink = (status?: ApplicantStatus) =>
    `${STAFF_PATHS.applicants}${listSearch({ filters: { ...filters, status }, trail: [] })}`;

  return (
    <>
      <h1>Applicants</h1>
      <p>Times are the college’s ({zone}).</p>
      <nav aria-label="Applicants by status" className="staff-tabs">
        <ul>
          <li>
            <Link to={statusLink()} aria-current={filters.status ? undefined : 'true'}>
              All <span className="staff-count">{data ? all : '…'}</span>
            </Link>
          </li>
          {APPLICANT_STATUSES.map((status) => (
            <li key={status}>
              <Link to={statusLink(status)} aria-current={filters.status === status ? 'true' : undefined}>
                {APPLICANT_STATUS_LABELS[status]}{' '}
                <span className="staff-count">{data ? (counts[status] ?? 0) : '…'}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Filters filters={filters} options={options} onChange={change} />
      {can(me.role, 'export') && (
        <section className="staff-panel" aria-labelledby="export-heading">
          <h2 id="export-heading">Export</h2>
          <p>
            Every application these filters match{filters.status ? '' : ' (whatever its status)'}, not only this page,
            as CSV files for the student-information system.
          </p>
          <ul className="staff-downloads">
            {EXPORTS.map(({ file, label }) => (
              <li key={file}>
                <a className="staff-button" href={`${STAFF_API}/export/${file}.csv${filtersSearch(filters)}`} download>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" ref={heading} tabIndex={-1}>
          Results{trail.length ? `, page ${trail.length + 1}` : ''}
        </h2>
        {list.isError && (
          <>
            <ErrorMessage message={errorMessage(list.error)} />
            {trail.length > 0 && (
              <p>
                <Link to={`${STAFF_PATHS.applicants}${listSearch({ filters, trail: [] })}`}>Go to the first page</Link>
              </p>
            )}
          </>
        )}
        <p role="status" className="staff-results-status">
          {shown} {sorted}
        </p>
        <div className="staff-scroll" tabIndex={0} role="region" aria-label="Applicants table">
          <table className="staff-table" aria-busy={list.isFetching || undefined}>
            <thead>
              <tr>
                <SortHeader
                  label="Name"
                  sort="last_name"
                  state={state}
                  onSort={(s, d) => change({ sort: s, dir: d })}
                />
                <th scope="col">Email</th>
                <th scope="col">Application id</th>
                <th scope="col">Status</th>
                <SortHeader
                  label={`Submitted (${zone})`}
                  sort="submitted"
                  state={state}
                  onSort={(s, d) => change({ sort: s, dir: d })}
                />
                <SortHeader
                  label="Last saved"
                  sort="saved"
                  state={state}
                  onSort={(s, d) => change({ sort: s, dir: d })}
                />
                <th scope="col">Entry term</th>
                <th scope="col">Applied major</th>
                <th scope="col">Documents</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`${staffApplicantPath(row.id)}${listSearch(state)}`}>{row.name || 'No name yet'}</Link>
                  </td>
                  <td className="staff-nowrap">{row.email}</td>
                  <td className="staff-nowrap">{row.applicationId}</td>
                  <td>{APPLICANT_STATUS_LABELS[row.status] ?? row.status}</td>
                  <td>{row.submittedAt ? <time dateTime={row.submittedAt}>{time(row.submittedAt)}</time> : '—'}</td>
                  <td>{row.lastSavedAt ? <time dateTime={row.lastSavedAt}>{time(row.lastSavedAt)}</time> : '—'}</td>
                  <td>{row.entryTerm || '—'}</td>
                  <td>{row.major ? (options.majors.get(row.major) ?? row.major) : '—'}</td>
                  <td>{documentsText(row)}</td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={9}>
                    {list.isLoading ? 'Loading applicants…' : 'No applicants match this search and these filters.'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        {(trail.length > 0 || data?.next) && (
          <nav aria-label="Pages of applicants" className="staff-row staff-pager">
            {trail.length > 0 && (
              <Link
                className="staff-button"
                to={`${STAFF_PATHS.applicants}${listSearch({ filters, trail: trail.slice(0, -1) })}`}
              >
                Previous page
              </Link>
            )}
            {data?.next && (
              <Link
                className="staff-button"
                to={`${STAFF_PATHS.applicants}${listSearch({ filters, trail: [...trail, data.next] })}`}
              >
                Next page
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
