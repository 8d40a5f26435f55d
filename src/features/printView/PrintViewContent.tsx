import { useAppSelector } from '../../shared/hooks';
import type { PrintViewBundle } from '../../services/api';
import { FORM_PAGES_DEFINITION, questionLabel } from '../../kernel/form/definition';
import type { Page, Section } from '../../kernel/form/definition/types';
import { isAnswered, useSectionVisible, OnlyAnsweredContext, QuestionRenderer } from '../form';
import { formatCollegeTime, readCollegeTimeZone } from '../../kernel/time';

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

/** A time in the college's zone, the zone named (an evening submission on deadline day reads as that day). */
const formatDate = (iso: string | null | undefined, timeZone: string) =>
  iso ? formatCollegeTime(iso, timeZone) : null;

/** Who the application is from and where it stands: what staff look for first, and what a printout must carry. */
function ApplicantHeader({ applicant }: { applicant: PrintViewBundle['applicant'] }) {
  if (!applicant) return null;
  const timeZone = applicant.time_zone ?? readCollegeTimeZone();
  const submitted = formatDate(applicant.submitted_at, timeZone);
  const updated = formatDate(applicant.updated_at, timeZone);
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

/** Where a document lies in the PDF copy, as staff find it there: "pages 7–9 of the PDF copy". */
function placeInPdfCopy(pages: { first: number; last: number } | undefined): string {
  if (!pages) return 'appended to the PDF copy';
  return pages.first === pages.last
    ? `page ${pages.first} of the PDF copy`
    : `pages ${pages.first}–${pages.last} of the PDF copy`;
}

/**
 * Each uploaded document, converted to PDF, opened with the same service token (GET /service/document), and where it
 * is in the PDF copy (the documents are appended there, after the answers): on paper the link is gone, the place
 * stays.
 */
function ReviewDocuments({
  documents,
  pages,
  token,
}: {
  documents: PrintViewBundle['document_answer'];
  pages: PrintViewBundle['document_pages'];
  token: string;
}) {
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
            , {placeInPdfCopy(pages?.[key])}
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

/** Text as a CSS string: quotes, backslashes and '<' (no </style> can end it) escaped, control characters dropped. */
const cssString = (text: string) =>
  `"${text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/</g, '\\3c ')}"`;

/**
 * On paper, every sheet names the applicant and its page x of y, in the page's own margin (margin boxes: the
 * browser's header and footer, which would print the address with its service token, give way to them).
 */
export function printPageStyle(name: string): string {
  return `@media print { @page { margin: 12mm 12mm 14mm; @bottom-center { content: ${cssString(
    `${name}  ·  Page `,
  )} counter(page) " of " counter(pages); font-family: Georgia, serif; font-size: 8pt; color: #555; } } body { padding: 0 !important; } }`;
}

/**
 * The print view's content for one applicant (PrintView.tsx decides when it shows): the header, the documents and
 * every page's answers, answers only.
 */
export default function PrintViewContent({
  data,
  token,
  title,
}: {
  data: PrintViewBundle;
  token: string;
  title: string;
}) {
  return (
    <OnlyAnsweredContext.Provider value={isAnswered}>
      <div className="review">
        <style>{printPageStyle(title)}</style>
        <h1 className="review-title">{title}</h1>
        <ApplicantHeader applicant={data.applicant} />
        <ReviewDocuments documents={data.document_answer ?? {}} pages={data.document_pages} token={token} />
        {FORM_PAGES_DEFINITION.map((page) => (
          <ReviewPage key={page.id} page={page} />
        ))}
      </div>
    </OnlyAnsweredContext.Provider>
  );
}
