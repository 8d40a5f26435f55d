import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../../../kernel/partner';
import { FORM_PAGES_DEFINITION } from '../../../kernel/form/definition';
import type { Page, Section } from '../../../kernel/form/definition/types';
import { useSectionVisible } from '../renderer/hooks';
import { QuestionRenderer } from '../renderer/QuestionRenderer';
import '../form.css';
import './check.css';

export const CHECK_ANSWERS_TITLE = 'Check your answers';
export const CHECK_ANSWERS_INTRO =
  'Read your answers before you submit your application. Once it is submitted, they cannot be changed.';

function CheckSection({ section }: { section: Section }) {
  const visible = useSectionVisible(section);
  if (!visible) return null;
  return (
    <section className="check-section">
      <h3 className="check-section-title">{section.title}</h3>
      {section.questions.map((question) => (
        <QuestionRenderer key={question.key} question={question} section={section} readOnly />
      ))}
    </section>
  );
}

function CheckPage({ page }: { page: Page }) {
  const headingId = `check-${page.id}`;
  return (
    <section className="check-page" aria-labelledby={headingId}>
      <div className="check-page-head">
        <h2 id={headingId} className="check-page-title">
          {page.title}
        </h2>
        <Link to={page.path} className="check-change">
          Change<span className="form-sr-only"> your answers on {page.title}</span>
        </Link>
      </div>
      {page.sections.map((section) => (
        <CheckSection key={section.id} section={section} />
      ))}
    </section>
  );
}

/**
 * The step between Final Steps and the irreversible submission: every page's answers read-only (from the form
 * definition, as the print view and the PDF copy are), each page with a link back to change it. The bottom bar
 * under it holds 'Submit Application' (FormLayout).
 */
export default function CheckAnswersPage() {
  useEffect(() => {
    document.title = `${CHECK_ANSWERS_TITLE} - ${SITE_NAME}`;
  }, []);
  return (
    <div className="form-page check-answers">
      <h1 className="form-page-title">{CHECK_ANSWERS_TITLE}</h1>
      <p className="check-intro">{CHECK_ANSWERS_INTRO}</p>
      {FORM_PAGES_DEFINITION.map((page) => (
        <CheckPage key={page.id} page={page} />
      ))}
    </div>
  );
}
