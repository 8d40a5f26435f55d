import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { GENERIC_ERROR, REVIEW_LOADING } from '../../config/messages';
import { SITE_NAME } from '../../config/partner';
import type { ServiceBundle } from '../../services/api';
import type { ApiError } from '../../services/baseQuery';
import type { StudentAnswers } from '../answers/answersSlice';
import { FORM_PAGES_DEFINITION, questionLabel } from '../form/definition';
import { isAnswered, OnlyAnsweredContext } from '../form/renderer/answered';
import type { Page, Section } from '../form/definition/types';
import { useSectionVisible } from '../form/renderer/hooks';
import { QuestionRenderer } from '../form/renderer/QuestionRenderer';
import '../form/form.css';
import './review.css';

export const REVIEW_FALLBACK_TITLE = 'Application';

/** The staff bundle's query (GET /service/tmp-pdf, started by appStarted), whatever its token. */
function selectServiceBundle(state: RootState) {
  for (const query of Object.values(state.api.queries)) {
    if (query?.endpointName === 'getServiceBundle') return query;
  }
  return undefined;
}

/** Whether the store holds exactly the bundle's answers (and nothing left from before: another applicant's). */
function holdsOnly(bundle: StudentAnswers, values: StudentAnswers): boolean {
  const keys = Object.keys(bundle);
  return keys.length === Object.keys(values).length && keys.every((key) => values[key] === bundle[key]);
}

/** The applicant's name from their answers, or '' when not given. */
export function applicantName(values: StudentAnswers): string {
  const part = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  return [part('first_name'), part('last_name')].filter(Boolean).join(' ');
}

/** The staff view's document title: the applicant's name, or the fallback title (also the server's page, src/shell/renderStaffPage.tsx). */
export const reviewDocumentTitle = (name: string) => `${name || REVIEW_FALLBACK_TITLE} - ${SITE_NAME}`;

function ReviewSection({ page, section }: { page: Page; section: Section }) {
  const visible = useSectionVisible(section);
  const answered = useAppSelector((s) => section.questions.some((q) => isAnswered(q, s.answers.values)));
  if (!visible || !answered) return null;
  return (
    <section className="review-section">
      <h3 id={`review-${page.id}-${section.id}`} className="review-section-title">
        {section.title}
      </h3>
      {section.questions.map((question) => (
        <QuestionRenderer key={question.key} question={question} section={section} readOnly />
      ))}
    </section>
  );
}

const formatDate = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
    : null;

/** Who the application is from and where it stands: what staff look for first, and what a printout must carry. */
function ApplicantHeader({ applicant }: { applicant: ServiceBundle['applicant'] }) {
  if (!applicant) return null;
  const submitted = formatDate(applicant.submitted_at);
  const updated = formatDate(applicant.updated_at);
  return (
    <dl className="review-applicant" aria-label="Applicant">
      <div>
        <dt>Email</dt>
        <dd>{applicant.username}</dd>
      </div>
      <div>
        <dt>Applicant ID</dt>
        <dd>{applicant.id}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{submitted ? `Submitted ${submitted}` : 'Not submitted'}</dd>
      </div>
      {updated && (
        <div>
          <dt>Last saved</dt>
          <dd>{updated}</dd>
        </div>
      )}
    </dl>
  );
}

/** Each uploaded document, converted to PDF, opened with the same service token (GET /service/document). */
function ReviewDocuments({ documents, token }: { documents: ServiceBundle['document_answer']; token: string }) {
  const keys = Object.keys(documents).sort();
  if (keys.length === 0) return null;
  return (
    <section className="review-documents" aria-labelledby="review-documents">
      <h2 id="review-documents" className="review-page-title">
        Documents
      </h2>
      <ul>
        {keys.map((key) => (
          <li key={key}>
            <a href={`/service/document?${new URLSearchParams({ service_token: token, key })}`}>
              {questionLabel(key)}: {documents[key].file_name} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One page of the form: its answered sections, or a line saying it has none. */
function ReviewPage({ page }: { page: Page }) {
  const answered = useAppSelector((s) =>
    page.sections.some((section) => section.questions.some((q) => isAnswered(q, s.answers.values))),
  );
  return (
    <section className="review-page">
      <h2 id={`review-${page.id}`} className="review-page-title">
        {page.title}
      </h2>
      {answered ? (
        page.sections.map((section) => <ReviewSection key={section.id} page={page} section={section} />)
      ) : (
        <p className="form-muted">No answers on this page.</p>
      )}
    </section>
  );
}

/**
 * The staff view (SPEC §1): one read-only, print-style view of all three pages of the applicant the service token
 * names, built from the form definition with the questions' read-only mode ([X] / [ ] marks, values as text; no
 * inputs, buttons, separators or navigation). Nothing shows until the store holds that applicant's answers and
 * only them; an invalid or expired token shows the server's message and no answers.
 */
export default function StaffReview() {
  const bundle = useAppSelector(selectServiceBundle);
  const token = new URLSearchParams(useLocation().search).get('service_token') ?? '';
  const values = useAppSelector((s) => s.answers.values);
  const data = bundle?.status === 'fulfilled' ? (bundle.data as ServiceBundle | undefined) : undefined;
  const ready = data !== undefined && holdsOnly(data.answer ?? {}, values);
  const name = ready ? applicantName(values) : '';
  const title = name || REVIEW_FALLBACK_TITLE;
  // A failed load's message is also the store's error, which the layout shows inline for a service user.
  const shownError = useAppSelector((s) => s.notifications.dialog?.message);

  useEffect(() => {
    document.title = reviewDocumentTitle(name);
  }, [name]);

  if (bundle?.status === 'rejected') {
    const message = (bundle.error as ApiError | undefined)?.message || GENERIC_ERROR;
    return (
      <div className="review">
        <h1 className="review-title">{REVIEW_FALLBACK_TITLE}</h1>
        {/* Once on the page: the layout's inline error (role alert) announces it while it holds this message;
            here it stays as the page's content when it does not. */}
        {shownError !== message && <p className="review-error">{message}</p>}
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="review">
        <h1 className="review-title">{REVIEW_FALLBACK_TITLE}</h1>
        <p role="status">{REVIEW_LOADING}</p>
      </div>
    );
  }
  return (
    <OnlyAnsweredContext.Provider value={true}>
      <div className="review">
        <h1 className="review-title">{title}</h1>
        <ApplicantHeader applicant={data.applicant} />
        <ReviewDocuments documents={data.document_answer ?? {}} token={token} />
        {FORM_PAGES_DEFINITION.map((page) => (
          <ReviewPage key={page.id} page={page} />
        ))}
      </div>
    </OnlyAnsweredContext.Provider>
  );
}
