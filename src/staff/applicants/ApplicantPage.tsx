/**
 * One applicant (readers): who and where the application is (times in the college's zone), the answers read-only
 * from the form definition, the documents (each its PDF, opened in a new tab), the PDF copy, the school report, the
 * application deadline (and this applicant's reopened Submit), the timeline, and
 * Previous / Next within the list the reader came from (its address rides along in this page's query).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { STAFF_PATHS, staffApplicantPath } from '../../kernel/staff/paths';
import { errorMessage } from '../api';
import { APPLICANT_STATUS_LABELS, APPLICANTS_PAGE_SIZE } from '../../kernel/staff/applicants';
import { useCollegeTime } from '../time';
import { ErrorMessage, usePageTitle } from '../ui';
import { useApplicantQuery, useApplicantsQuery, useLazyApplicantsQuery, type ApplicantDetail } from './endpoints';
import { apiQuery, listFrom, listSearch, type ListState } from './listQuery';

/** The documents and answers, from the form definition: a chunk of its own, loaded with the applicant. */
const ApplicationView = lazy(() => import(/* webpackChunkName: "staff-applicant-answers" */ './ApplicationView'));

/** The counselor's school report: a chunk of its own too (the school report's rules carry the waiver's text). */
const SchoolReportPanel = lazy(
  () => import(/* webpackChunkName: "staff-applicant-school-report" */ './SchoolReportPanel'),
);

/** The application deadline and this applicant's reopened Submit: a chunk of its own, shown when there is a deadline. */
const DeadlinePanel = lazy(() => import(/* webpackChunkName: "staff-applicant-deadline" */ './DeadlinePanel'));

/** Previous / Next applicant in the list: this page's rows, or the neighbouring page's at its edges. */
function Neighbours({ id, state }: { id: string; state: ListState }) {
  const list = useApplicantsQuery(apiQuery(state));
  const [loadPage, loading] = useLazyApplicantsQuery();
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const rows = list.data?.rows ?? [];
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return null;

  const open = (rowId: string, target: ListState) => navigate(`${staffApplicantPath(rowId)}${listSearch(target)}`);
  const fromPage = async (target: ListState, pick: 'first' | 'last') => {
    setError(undefined);
    const result = await loadPage(apiQuery(target), true);
    if (result.error || !result.data) {
      setError(errorMessage(result.error));
      return;
    }
    const row = pick === 'first' ? result.data.rows[0] : result.data.rows.at(-1);
    if (row) await open(row.id, target);
  };

  const previous = index > 0 ? rows[index - 1] : undefined;
  const next = index < rows.length - 1 ? rows[index + 1] : undefined;
  const previousPage = !previous && state.trail.length > 0 ? { ...state, trail: state.trail.slice(0, -1) } : undefined;
  const nextCursor = list.data?.next;
  const nextPage = !next && nextCursor ? { ...state, trail: [...state.trail, nextCursor] } : undefined;
  const position = state.trail.length * APPLICANTS_PAGE_SIZE + index + 1;

  return (
    <nav aria-label="Applicants in the list" className="staff-row staff-pager">
      {previous ? (
        <Link className="staff-button" to={`${staffApplicantPath(previous.id)}${listSearch(state)}`}>
          Previous applicant
        </Link>
      ) : previousPage ? (
        <button
          type="button"
          className="staff-button"
          disabled={loading.isFetching}
          onClick={() => void fromPage(previousPage, 'last')}
        >
          Previous applicant
        </button>
      ) : null}
      {next ? (
        <Link className="staff-button" to={`${staffApplicantPath(next.id)}${listSearch(state)}`}>
          Next applicant
        </Link>
      ) : nextPage ? (
        <button
          type="button"
          className="staff-button"
          disabled={loading.isFetching}
          onClick={() => void fromPage(nextPage, 'first')}
        >
          Next applicant
        </button>
      ) : null}
      <span>Number {position} in the list</span>
      <div role="status">{error && <ErrorMessage message={error} />}</div>
    </nav>
  );
}

function Timeline({ applicant, time }: { applicant: ApplicantDetail; time: (iso: string) => string }) {
  return (
    <section aria-labelledby="timeline-heading" className="staff-panel">
      <h2 id="timeline-heading">Timeline</h2>
      <ol className="staff-timeline">
        {applicant.timeline.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <time dateTime={event.at}>{time(event.at)}</time>: {event.what}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function ApplicantPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const state = listFrom(params);
  const applicant = useApplicantQuery(id);
  const { zone, time } = useCollegeTime();
  const data = applicant.currentData;
  usePageTitle(data ? `${data.name || data.applicationId} – Applicants` : 'Applicant');

  return (
    <>
      <p>
        <Link to={`${STAFF_PATHS.applicants}${listSearch(state)}`}>Back to the list</Link>
      </p>
      <h1>{data ? data.name || 'No name yet' : 'Applicant'}</h1>
      <Neighbours id={id} state={state} />
      {applicant.isError ? (
        <ErrorMessage message={errorMessage(applicant.error)} />
      ) : !data ? (
        <p role="status">Loading the application…</p>
      ) : (
        <>
          <dl className="staff-facts staff-panel">
            <div>
              <dt>Email</dt>
              <dd>{data.email}</dd>
            </div>
            <div>
              <dt>Application id</dt>
              <dd>{data.applicationId}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{APPLICANT_STATUS_LABELS[data.status] ?? data.status}</dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>
                {data.submittedAt ? <time dateTime={data.submittedAt}>{time(data.submittedAt)}</time> : 'Not yet'}
              </dd>
            </div>
            <div>
              <dt>Last saved</dt>
              <dd>{data.lastSavedAt ? <time dateTime={data.lastSavedAt}>{time(data.lastSavedAt)}</time> : 'Never'}</dd>
            </div>
          </dl>
          <p>Times are the college’s ({zone}).</p>
          <Suspense fallback={<p role="status">Loading the answers…</p>}>
            <ApplicationView applicant={data} />
          </Suspense>
          <Suspense fallback={<p role="status">Loading the school report…</p>}>
            <SchoolReportPanel id={data.id} />
          </Suspense>
          {data.deadline && (
            <Suspense fallback={<p role="status">Loading the deadline…</p>}>
              <DeadlinePanel id={data.id} deadline={data.deadline} />
            </Suspense>
          )}
          <Timeline applicant={data} time={time} />
        </>
      )}
    </>
  );
}
