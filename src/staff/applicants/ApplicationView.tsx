/**
 * An applicant's documents (each its PDF, opened in a new tab, and a converted one's original), the PDF copy, and the answers read-only from the
 * form definition: the part of the applicant's page that needs the definition, a chunk of its own.
 */
import { useMemo } from 'react';
import { STAFF_API } from '../../kernel/staff/paths';
import { can } from '../../kernel/staff/roles';
import { convertedFrom } from '../../kernel/staff/applicants';
import { useMe } from '../me';
import { documentLabels, shownAnswers } from './answers';
import type { ApplicantDetail } from './endpoints';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Answers({ applicant }: { applicant: ApplicantDetail }) {
  const pages = useMemo(
    () => shownAnswers({ answers: applicant.answer, addAnother: applicant.addAnother, tabs: applicant.tabs }),
    [applicant],
  );
  return (
    <section aria-labelledby="answers-heading">
      <h2 id="answers-heading">Answers</h2>
      {pages.length === 0 && <p>No answers yet.</p>}
      {pages.map((page) => (
        <div key={page.title} className="staff-panel">
          <h3>{page.title}</h3>
          {page.sections.map((section) => (
            <div key={section.title} className="staff-answers-section">
              <h4>{section.title}</h4>
              {section.groups.map((group) => (
                <div key={group.key || 'main'}>
                  {group.heading && <h5>{group.heading}</h5>}
                  <dl className="staff-answers">
                    {group.answers.map((answer) => (
                      <div key={answer.key}>
                        <dt>{answer.label}</dt>
                        <dd>
                          {Array.isArray(answer.value) ? (
                            <ul>
                              {answer.value.map((line) => (
                                <li key={line}>{line}</li>
                              ))}
                            </ul>
                          ) : (
                            answer.value
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

/** The documents by name and size; their PDFs and the PDF copy as links for a role that may download them. */
function Documents({ applicant }: { applicant: ApplicantDetail }) {
  const labels = useMemo(() => documentLabels(), []);
  const mayDownload = can(useMe().role, 'documents-download');
  const documents = Object.entries(applicant.documents);
  const base = `${STAFF_API}/applicants/${encodeURIComponent(applicant.id)}`;
  return (
    <section aria-labelledby="documents-heading" className="staff-panel">
      <h2 id="documents-heading">Documents</h2>
      {documents.length === 0 ? (
        <p>No documents uploaded.</p>
      ) : (
        <ul>
          {documents.map(([key, document]) => {
            const href = `${base}/documents/${encodeURIComponent(key)}`;
            // A Word file or an image opens as the PDF it was converted to: the link says so, and the file the
            // applicant uploaded is a download of its own.
            const original = convertedFrom(document.file_name);
            return (
              <li key={key}>
                {labels.get(key) ?? key}: {document.file_name}
                {original && ' — converted to PDF'} ({sizeText(document.file_size)} uploaded)
                {mayDownload && (
                  <span className="staff-row">
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      Open PDF
                      <span className="staff-visually-hidden"> of {document.file_name} (opens in a new tab)</span>
                    </a>
                    {original && (
                      <a href={`${href}/original`} download>
                        Download original (.{original})
                        <span className="staff-visually-hidden"> {document.file_name}</span>
                      </a>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {mayDownload && (
        <>
          <h2>PDF copy</h2>
          <p>
            <a href={`${base}/pdf`} download>
              Download the application as a PDF
            </a>{' '}
            (the answers and the converted documents, as the applicant’s own copy; it may take a few seconds)
          </p>
        </>
      )}
    </section>
  );
}

export default function ApplicationView({ applicant }: { applicant: ApplicantDetail }) {
  return (
    <>
      <Documents applicant={applicant} />
      <Answers applicant={applicant} />
    </>
  );
}
