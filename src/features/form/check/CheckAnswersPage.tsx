import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../../../kernel/partner';
import { entryByKey, FORM_PAGES_DEFINITION, questionByKey } from '../../../kernel/form/definition';
import { useAppSelector } from '../../../shared/hooks';
import { CheckModeContext, type CheckMode, type FromCheckState } from '../renderer/checkMode';
import { CheckRow, Chosen } from './CheckRow';
import type { Page, Section } from '../../../kernel/form/definition/types';
import { useSectionVisible } from '../renderer/hooks';
import { QuestionRenderer } from '../renderer/QuestionRenderer';
import '../form.css';
import './check.css';

export const CHECK_ANSWERS_TITLE = 'Check your answers';
export const CHECK_ANSWERS_INTRO =
  'Read your answers before you submit your application. Once it is submitted, they cannot be changed.';
export const CHECK_ISSUES_TITLE = 'Some answers need correcting';

const FROM_CHECK: FromCheckState = { fromCheck: true };

/** Where an answer is changed: its page, at the question (its control's id). */
function changeHref(key: string): string | undefined {
  const entry = entryByKey(key);
  return entry ? `${entry.page.path}#${key}` : undefined;
}

/** The answers' format and range problems (the validation chunk loads after the page shows). */
function useFormatIssues(): Record<string, string[]> {
  const values = useAppSelector((s) => s.answers.values);
  const [issues, setIssues] = useState<Record<string, string[]>>({});
  useEffect(() => {
    let live = true;
    void import(/* webpackChunkName: "form-validation" */ '../validation').then(({ validateFormats }) => {
      if (live) setIssues(validateFormats(values));
    });
    return () => {
      live = false;
    };
  }, [values]);
  return issues;
}

/** The answers with a format problem, each a link to its question (GOV.UK's error summary). */
function IssuesSummary({ issues }: { issues: Record<string, string[]> }) {
  const keys = Object.keys(issues);
  if (keys.length === 0) return null;
  return (
    <div className="form-summary" role="group" aria-labelledby="check-issues-title">
      <h2 id="check-issues-title" className="form-summary-title">
        {CHECK_ISSUES_TITLE}
      </h2>
      <ul className="form-summary-list">
        {keys.map((key) => {
          const href = changeHref(key);
          const label = questionByKey(key)?.label;
          const text = `${label ? `${label}: ` : ''}${issues[key]!.join(' ')}`;
          if (!href) return <li key={key}>{text}</li>;
          const [pathname, hash] = href.split('#');
          return (
            <li key={key}>
              <Link to={{ pathname, hash: `#${hash}` }} state={FROM_CHECK}>
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
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
        <Link to={page.path} className="check-change" state={FROM_CHECK}>
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
  const issues = useFormatIssues();
  const mode = useMemo<CheckMode>(() => ({ issues, changeHref, Row: CheckRow, Chosen }), [issues]);
  return (
    <CheckModeContext.Provider value={mode}>
      <div className="form-page check-answers">
        <h1 className="form-page-title">{CHECK_ANSWERS_TITLE}</h1>
        <p className="check-intro">{CHECK_ANSWERS_INTRO}</p>
        <IssuesSummary issues={issues} />
        {FORM_PAGES_DEFINITION.map((page) => (
          <CheckPage key={page.id} page={page} />
        ))}
      </div>
    </CheckModeContext.Provider>
  );
}
