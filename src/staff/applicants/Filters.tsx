/**
 * The applicant list's search and filters. The search box always shows; the filters, the sort and (for admins) the
 * export sit behind a "Filters" button that opens and closes them: open at first on a wide screen (a band of one
 * row), closed on a phone, so the first results show on the first screen, with a line saying which filters are set.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  SCHOOL_REPORT_FILTERS,
  SCHOOL_REPORT_FILTER_LABELS,
  searchRanks,
  type ApplicantSort,
} from '../../kernel/staff/applicants';
import { Field, TextField } from '../ui';
import { DOCUMENT_FILTERS, DOCUMENTS_LABEL, SORT_LABELS, sortOf, type ListFilters } from './listQuery';

/** How long the search waits after the last key before it asks. */
export const SEARCH_DELAY_MS = 250;

/** Below this width the filters start closed (staff.css's phone layout uses the same width). */
export const NARROW_SCREEN = '(max-width: 767px)';

export interface FilterOptions {
  majors: ReadonlyMap<string, string>;
  terms: string[];
}

/** The majors and terms (from the form definition, a chunk of their own): empty until they have loaded. */
export function useFilterOptions(): FilterOptions {
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

/** "Filters set: submitted from 2026-11-01, Fall 2027, Biology, some documents failed." (the search shows itself). */
export function filterSummary(filters: ListFilters, options: FilterOptions): string {
  const set = [
    filters.submittedFrom && `submitted from ${filters.submittedFrom}`,
    filters.submittedTo && `submitted to ${filters.submittedTo}`,
    filters.term,
    filters.major && (options.majors.get(filters.major) ?? filters.major),
    filters.documents && `some documents ${filters.documents}`,
    filters.report && `school report ${SCHOOL_REPORT_FILTER_LABELS[filters.report].toLowerCase()}`,
  ].filter(Boolean);
  return set.length ? `Filters set: ${set.join(', ')}.` : 'No filters set.';
}

const CLEARED: Partial<ListFilters> = {
  q: undefined,
  status: undefined,
  submittedFrom: undefined,
  submittedTo: undefined,
  term: undefined,
  major: undefined,
  documents: undefined,
  report: undefined,
};

/** The school report filter's label and its options, each with its count for the other filters (when known). */
export const SCHOOL_REPORT_LABEL = 'School report';
const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

export function Filters({
  filters,
  options,
  onChange,
  reportCounts,
  children,
}: {
  filters: ListFilters;
  options: FilterOptions;
  /** The counts per school report filter (the list's answer), for the other filters. */
  reportCounts?: Record<string, number>;
  onChange: (patch: Partial<ListFilters>) => void;
  /** What else the Filters button opens and closes (the export). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(() => !window.matchMedia?.(NARROW_SCREEN).matches);
  const { sort, dir } = sortOf(filters);
  const set = (key: keyof ListFilters) => (value: string) => onChange({ [key]: value || undefined });
  const anySet = Object.entries(filters).some(([key, value]) => value && key !== 'sort' && key !== 'dir');
  return (
    <section className="staff-panel staff-filters" aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="staff-visually-hidden">
        Search and filters
      </h2>
      <div className="staff-filters-bar">
        <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q: q || undefined })} />
        <div className="staff-filters-actions">
          <button
            type="button"
            className="staff-button"
            aria-expanded={open}
            aria-controls="filters-body"
            aria-describedby={open ? undefined : 'filters-summary'}
            onClick={() => setOpen(!open)}
          >
            Filters
            <span aria-hidden="true" className="staff-sort-mark">
              {open ? ' ▲' : ' ▼'}
            </span>
          </button>
          {anySet && (
            <button type="button" className="staff-button" onClick={() => onChange(CLEARED)}>
              Clear search and filters
            </button>
          )}
        </div>
      </div>
      {!open && (
        <p id="filters-summary" className="staff-filters-summary">
          {filterSummary(filters, options)}
        </p>
      )}
      <div id="filters-body" hidden={!open}>
        <div className="staff-filter-grid">
          <TextField
            id="submittedFrom"
            label="Submitted from"
            type="date"
            name="submittedFrom"
            value={filters.submittedFrom ?? ''}
            onChange={(event) => set('submittedFrom')(event.target.value)}
          />
          <TextField
            id="submittedTo"
            label="Submitted to (included)"
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
          <Select id="documents" label={DOCUMENTS_LABEL} value={filters.documents} onChange={set('documents')}>
            <option value="">All applicants</option>
            {Object.entries(DOCUMENT_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Select id="report" label={SCHOOL_REPORT_LABEL} value={filters.report} onChange={set('report')}>
            <option value="">All applicants</option>
            {SCHOOL_REPORT_FILTERS.map((value) => (
              <option key={value} value={value}>
                {withCount(SCHOOL_REPORT_FILTER_LABELS[value], reportCounts?.[value])}
              </option>
            ))}
          </Select>
          <Select
            id="sort"
            label="Sort by"
            value={sort}
            onChange={(value) => onChange({ sort: value as ApplicantSort })}
          >
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
        </div>
        {children}
      </div>
    </section>
  );
}
