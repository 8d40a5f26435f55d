/**
 * The export (admins): every application the list's filters match, as the three CSV files of docs/export.md, each
 * twice: as the student-information system reads it, and for Excel (`for=excel`: the same file with a UTF-8
 * byte-order mark, without which Excel shows accented names garbled).
 */
import { STAFF_API } from '../../kernel/staff/paths';
import { filtersSearch, type ListFilters } from './listQuery';

const EXPORTS = [
  { file: 'applications', label: 'Applications (one row per application)' },
  { file: 'parents', label: 'Parents and guardians (one row per parent)' },
  { file: 'activities', label: 'Activities (one row per activity)' },
] as const;

/** A file's address with the filters, and `for=excel` for Excel's. */
export function exportHref(file: string, filters: ListFilters, excel = false): string {
  const search = filtersSearch(filters);
  const forExcel = excel ? `${search ? '&' : '?'}for=excel` : '';
  return `${STAFF_API}/export/${file}.csv${search}${forExcel}`;
}

export function Exports({ filters }: { filters: ListFilters }) {
  return (
    <section className="staff-export" aria-labelledby="export-heading">
      <h3 id="export-heading">Export</h3>
      <p>
        Every application these filters match{filters.status ? '' : ' (whatever its status)'}, not only this page. Load
        the files “for the SIS” into the student-information system; to read them in Excel, download the ones “for
        Excel”, which it opens with accented names intact.
      </p>
      <ul className="staff-export-list">
        {EXPORTS.map(({ file, label }) => (
          <li key={file}>
            <span className="staff-export-what">{label}</span>
            <a className="staff-button" href={exportHref(file, filters)} download>
              {file}.csv for the SIS
            </a>
            <a className="staff-button" href={exportHref(file, filters, true)} download>
              {file}.csv for Excel
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
