/**
 * The applicant list (readers): a search as you type, filters, sort and page that all live in the address (a link
 * can be shared, Back returns), the counts per status as links at the top, a plain table (antd's would cost the
 * console's first download) that fits 1280 px (the email under the name, short times) and, for admins, the CSV
 * export of every application the filters match, behind the same Filters button as the filters (Filters.tsx).
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { STAFF_PATHS, staffApplicantPath } from '../../kernel/staff/paths';
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
import { ErrorMessage, usePageTitle } from '../ui';
import { useApplicantsQuery, type Applicant } from './endpoints';
import { Exports } from './Exports';
import { Filters, useFilterOptions } from './Filters';
import {
  apiQuery,
  DIRECTION_LABELS,
  DOCUMENTS_LABEL,
  listFrom,
  listParams,
  listSearch,
  SORT_LABELS,
  sortOf,
  type ListFilters,
  type ListState,
} from './listQuery';

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

/** The documents column: what still waits for its conversion or failed it ("None" would read as no documents). */
function documentsText(row: Pick<Applicant, 'documentsWaiting' | 'documentsFailed'>) {
  const parts = [
    row.documentsWaiting ? `${row.documentsWaiting} waiting` : '',
    row.documentsFailed ? `${row.documentsFailed} failed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None waiting or failed';
}

/** A short time in the table (the zone is in the header), the full one, with seconds and zone, as its title. */
function Time({ iso, short, full }: { iso: string; short: (iso: string) => string; full: (iso: string) => string }) {
  return (
    <time dateTime={iso} title={full(iso)}>
      {short(iso)}
    </time>
  );
}

export default function ApplicantsPage() {
  usePageTitle('Applicants');
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const state = listFrom(params);
  const { filters, trail } = state;
  const { zone, time, shortTime } = useCollegeTime();
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
      <p>Times and days are the college’s ({zone}).</p>
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
      <Filters filters={filters} options={options} onChange={change} reportCounts={data?.reportCounts}>
        {can(me.role, 'export') && <Exports filters={filters} />}
      </Filters>
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
                  label="Name and email"
                  sort="last_name"
                  state={state}
                  onSort={(s, d) => change({ sort: s, dir: d })}
                />
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
                <th scope="col">{DOCUMENTS_LABEL}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="staff-name-cell">
                    <Link to={`${staffApplicantPath(row.id)}${listSearch(state)}`}>
                      {row.name.trim() || 'No name yet'}
                    </Link>
                    <div className="staff-email">{row.email}</div>
                  </td>
                  <td className="staff-nowrap">{row.applicationId}</td>
                  <td>{APPLICANT_STATUS_LABELS[row.status] ?? row.status}</td>
                  <td>{row.submittedAt ? <Time iso={row.submittedAt} short={shortTime} full={time} /> : '—'}</td>
                  <td>{row.lastSavedAt ? <Time iso={row.lastSavedAt} short={shortTime} full={time} /> : '—'}</td>
                  <td>{row.entryTerm || '—'}</td>
                  <td>{row.major ? (options.majors.get(row.major) ?? row.major) : '—'}</td>
                  <td>{documentsText(row)}</td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={8}>
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
