/**
 * The counselor's page: the college's header, then one of the link's states. Loading; the link missing (no token
 * in the fragment: no call is made); the link dead (410: its message); waiting (the applicant's few facts, the
 * waiver, and the form); submitted (read-only until read_only_until); declined (thanks). Never the application.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CounselorViewT } from '../kernel/counselor/contract';
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';
import { PARTNER } from '../kernel/partner';
import { errorMessage, currentToken, useRequestQuery, type CounselorApiError } from './api';
import { isConverting } from './DocumentField';
import { formatDate, formatMoment } from './format';
import { FIRST_TITLE } from './firstPaint';
import { ReportForm } from './ReportForm';
import { Alert, Status } from './ui';

/** How often the page asks again while a file is still converting (after a reload, say). */
const REFRESH_WHILE_CONVERTING_MS = 3000;

export function CounselorPage() {
  const [token] = useState(currentToken);
  if (!token) {
    return (
      <Layout college={PARTNER.name} title={FIRST_TITLE}>
        <Alert message={COUNSELOR_MESSAGES.linkMissing} />
      </Layout>
    );
  }
  return <RequestPage />;
}

function RequestPage() {
  const [converting, setConverting] = useState(false);
  const { data, error, isLoading, refetch } = useRequestQuery(undefined, {
    pollingInterval: converting ? REFRESH_WHILE_CONVERTING_MS : 0,
  });
  const [done, setDone] = useState<{ kind: 'submitted' | 'declined'; message: string }>();
  // Adjusted while rendering (React's pattern for state that follows props): polls only while a file converts.
  const nowConverting = Boolean(data?.documents.some((d) => isConverting(d.status)));
  if (nowConverting !== converting) setConverting(nowConverting);

  if (isLoading) {
    // The same markup counselor.html paints before the scripts run (firstPaint.ts).
    return (
      <Layout college={PARTNER.name} title={FIRST_TITLE}>
        <p className="c-intro">{COUNSELOR_MESSAGES.intro}</p>
        <Status message={COUNSELOR_MESSAGES.loading} />
      </Layout>
    );
  }
  if (!data || error) {
    const failure = error as CounselorApiError | undefined;
    return (
      <Layout college={data?.college_name ?? PARTNER.name} title={FIRST_TITLE}>
        <Alert message={errorMessage(failure)} />
        {failure?.status !== 410 ? (
          <button type="button" className="c-button" onClick={() => void refetch()}>
            Try again
          </button>
        ) : null}
      </Layout>
    );
  }

  const name = `${data.applicant.first_name} ${data.applicant.last_name}`.trim();
  const title = `School report for ${name}`;
  if (done?.kind === 'declined' || data.declined_at) {
    return (
      <Layout college={data.college_name} title={title} focusKey={done?.kind}>
        <Status message={done?.message ?? COUNSELOR_MESSAGES.declined} />
      </Layout>
    );
  }
  if (data.read_only_until || data.submitted_at) {
    return (
      <Layout college={data.college_name} title={title} focusKey={done?.kind}>
        <Status message={done?.message} />
        <Sent view={data} />
      </Layout>
    );
  }
  return (
    <Layout college={data.college_name} title={title}>
      <p className="c-intro">{COUNSELOR_MESSAGES.intro}</p>
      <p>
        Dear {data.counselor.first_name} {data.counselor.last_name}, {name} asked you for a school report for their
        application to {data.college_name}. It was requested on {formatMoment(data.requested_at)}.
      </p>
      <Applicant view={data} />
      <Waiver view={data} />
      <ReportForm
        view={data}
        refetch={() => void refetch()}
        onSubmitted={(message) => setDone({ kind: 'submitted', message })}
        onDeclined={(message) => setDone({ kind: 'declined', message })}
      />
    </Layout>
  );
}

/**
 * The header with the college's name and the page's one h1. The h1 takes the focus when `focusKey` changes (after
 * submitting or declining, the button pressed is gone: the focus would be lost).
 */
function Layout({
  college,
  title,
  focusKey,
  children,
}: {
  college: string;
  title: string;
  focusKey?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} – ${college}`;
  }, [title, college]);
  useEffect(() => {
    if (focusKey) heading.current?.focus();
  }, [focusKey]);
  return (
    <>
      <header className="c-header">
        <div className="c-container">
          <p className="c-college">{college}</p>
        </div>
      </header>
      <main className="c-container c-main">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </main>
    </>
  );
}

/** Only what a counselor needs to know whose report it is. */
function Applicant({ view }: { view: CounselorViewT }) {
  const { applicant } = view;
  return (
    <section aria-labelledby="c-applicant" className="c-card">
      <h2 id="c-applicant">The student</h2>
      <dl className="c-list">
        <div>
          <dt>Name</dt>
          <dd>
            {applicant.first_name} {applicant.last_name}
          </dd>
        </div>
        <div>
          <dt>Birth date</dt>
          <dd>{formatDate(applicant.birth_date)}</dd>
        </div>
        <div>
          <dt>High school</dt>
          <dd>{applicant.high_school}</dd>
        </div>
        <div>
          <dt>Entry term</dt>
          <dd>{applicant.entry_term}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The waiver, plainly: whether the student may read the recommendation, and the words they chose, as recorded. */
function Waiver({ view }: { view: CounselorViewT }) {
  const { waiver } = view;
  return (
    <section aria-labelledby="c-waiver" className="c-card">
      <h2 id="c-waiver">The student’s waiver</h2>
      <p>
        <strong>
          {waiver.waived
            ? 'The student waived their right to see your recommendation.'
            : 'The student did not waive their right to see your recommendation.'}
        </strong>
      </p>
      {waiver.text ? (
        <>
          <p>What the student agreed to, recorded on {formatMoment(waiver.recorded_at)}:</p>
          <blockquote className="c-quote">{waiver.text}</blockquote>
        </>
      ) : null}
    </section>
  );
}

/** After submitting: what was sent, read-only, until the link ends. */
function Sent({ view }: { view: CounselorViewT }) {
  return (
    <>
      <p>{COUNSELOR_MESSAGES.readOnly}</p>
      {view.read_only_until ? <p>The link ends on {formatMoment(view.read_only_until)}.</p> : null}
      <Applicant view={view} />
      <section aria-labelledby="c-sent" className="c-card">
        <h2 id="c-sent">What you sent</h2>
        {view.submitted_at ? <p>Sent on {formatMoment(view.submitted_at)}.</p> : null}
        <dl className="c-list">
          {view.documents.map((doc) => (
            <div key={doc.kind}>
              <dt>{doc.label}</dt>
              <dd>
                {doc.status === 'completed' && doc.file_name
                  ? doc.file_name
                  : doc.kind === 'recommendation' && view.recommendation_text
                    ? 'Typed in this page (below)'
                    : 'Not sent'}
              </dd>
            </div>
          ))}
        </dl>
        {view.recommendation_text ? (
          <>
            <h3>Your typed recommendation</h3>
            <div className="c-quote c-pre">{view.recommendation_text}</div>
          </>
        ) : null}
      </section>
    </>
  );
}
