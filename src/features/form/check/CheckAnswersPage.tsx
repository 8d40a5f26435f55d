import { useEffect, useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { Link, useLocation } from 'react-router-dom';
import { SITE_NAME } from '../../../kernel/partner';
import { answerKeysOf, entryByKey, FORM_PAGES_DEFINITION, questionLabel } from '../../../kernel/form/definition';
import { isAnswered as isValueAnswered } from '../../../kernel/form/conditions';
import { useAppSelector } from '../../../shared/hooks';
import { CheckModeContext, FROM_CHECK, type CheckMode, type FromCheckState } from '../renderer/checkMode';
import { OnlyAnsweredContext, type IsAnswered } from '../renderer/onlyAnswered';
import { isAnswered } from '../renderer/answered';
import { CheckRow, Chosen } from './CheckRow';
import { checkSectionAnchor } from './anchors';
import { sectionAnswerCount } from './sections';
import type { Page, Question, Section } from '../../../kernel/form/definition/types';
import type { StudentAnswers } from '../../answers';
import { useSectionVisible } from '../renderer/hooks';
import { QuestionRenderer } from '../renderer/QuestionRenderer';
import { sectionAnchor } from '../FormSection';
import '../form.css';
import './check.css';

export const CHECK_ANSWERS_TITLE = 'Check your answers';
export const CHECK_ANSWERS_INTRO =
  'Read your answers before you submit your application. Once it is submitted, they cannot be changed.';
export const CHECK_MISSING_TITLE = 'Answers still needed';
export const CHECK_MISSING_TEXT = 'Answer these questions before you submit your application:';
export const CHECK_ISSUES_TITLE = 'Some answers need correcting';
/** A required answer's row while it is blank. */
export const CHECK_NOT_ANSWERED = 'Not answered yet. This answer is needed before you submit.';

/** Where an answer is changed: its page, at the question (its control's id). */
function changeHref(key: string): string | undefined {
  const entry = entryByKey(key);
  return entry ? `${entry.page.path}#${key}` : undefined;
}

interface Problems {
  /** Required answers still blank (what Submit would refuse), by key, with their messages. */
  missing: Record<string, string[]>;
  /** Answers given but wrong (a format, a range, an age). */
  correcting: Record<string, string[]>;
}
const NO_PROBLEMS: Problems = { missing: {}, correcting: {} };

/**
 * Every problem Submit would find (the whole application's validation, SPEC §5), split into the blanks and the
 * answers to correct, so the check page, not a refused Submit, is where the applicant learns of them. The
 * validation chunk loads after the page shows.
 */
function useProblems(values: StudentAnswers): Problems {
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  useEffect(() => {
    let live = true;
    void import(/* webpackChunkName: "form-validation" */ '../validation').then(({ validateApplication }) => {
      if (!live) return;
      const next: Problems = { missing: {}, correcting: {} };
      for (const [key, messages] of Object.entries(validateApplication(values))) {
        if (messages.length === 0) continue;
        next[isValueAnswered(values[key]) ? 'correcting' : 'missing'][key] = messages;
      }
      setProblems(next);
    });
    return () => {
      live = false;
    };
  }, [values]);
  return problems;
}

/** A problem's text: the question, then its message when that says more than the question's own label. */
function problemText(key: string, messages: readonly string[]): string {
  const label = questionLabel(key);
  const said = messages.filter((m) => m !== label);
  return said.length > 0 ? `${label}: ${said.join(' ')}` : label;
}

/** One list of problems, each a link to its question (GOV.UK's error summary). */
function ProblemList({
  id,
  title,
  text,
  problems,
}: {
  id: string;
  title: string;
  text?: string;
  problems: Record<string, string[]>;
}) {
  const keys = Object.keys(problems);
  if (keys.length === 0) return null;
  return (
    <div className="form-summary" role="group" aria-labelledby={id}>
      <h2 id={id} className="form-summary-title">
        {title}
      </h2>
      {text && <p>{text}</p>}
      <ul className="form-summary-list">
        {keys.map((key) => {
          const href = changeHref(key);
          const content = problemText(key, problems[key]!);
          if (!href) return <li key={key}>{content}</li>;
          const [pathname, hash] = href.split('#');
          return (
            <li key={key}>
              <Link to={{ pathname, hash: `#${hash}` }} state={FROM_CHECK}>
                {content}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CheckSection({ page, section }: { page: Page; section: Section }) {
  const visible = useSectionVisible(section);
  const count = useAppSelector((s) => sectionAnswerCount(section, s.answers.values), shallowEqual);
  if (!visible || count.total === 0) return null;
  const headingId = checkSectionAnchor(section);
  const state: FromCheckState = { fromCheck: true, section: section.id };
  return (
    <section className="check-section" aria-labelledby={headingId}>
      <div className="check-section-head">
        <h3 id={headingId} className="check-section-title" tabIndex={-1}>
          {section.title}
        </h3>
        <Link to={{ pathname: page.path, hash: `#${sectionAnchor(section)}` }} className="check-change" state={state}>
          Change<span className="form-sr-only"> {section.title}</span>
        </Link>
      </div>
      <p className="check-section-summary">
        {count.answered === count.total
          ? `All ${count.total} ${count.total === 1 ? 'question' : 'questions'} answered`
          : `${count.answered} of ${count.total} questions answered`}
      </p>
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
        <CheckSection key={section.id} page={page} section={section} />
      ))}
    </section>
  );
}

/**
 * The step between Final Steps and the irreversible submission: at its top the answers Submit would refuse (the
 * blanks, then those to correct), each a link to its question; then every page's answers read-only (from the
 * form definition, as the print view and the PDF copy are), section by section, each with a line saying how much
 * of it is answered and one Change link. Optional questions left blank are left out (the line counts them). The
 * bottom bar under it holds 'Submit Application' (FormLayout). /check-answers#check-section-{id} (the return from
 * a section's Change) lands on that section.
 */
export default function CheckAnswersPage() {
  useEffect(() => {
    document.title = `${CHECK_ANSWERS_TITLE} - ${SITE_NAME}`;
  }, []);
  const values = useAppSelector((s) => s.answers.values);
  const { missing, correcting } = useProblems(values);
  const mode = useMemo<CheckMode>(() => {
    const issues: Record<string, readonly string[]> = { ...correcting };
    for (const key of Object.keys(missing)) issues[key] = [CHECK_NOT_ANSWERED];
    return { issues, missing: new Set(Object.keys(missing)), changeHref, Row: CheckRow, Chosen };
  }, [missing, correcting]);
  // A question shows when it holds an answer or a problem (a blank required one); help text never.
  const shows = useMemo<IsAnswered>(() => {
    const flagged = (question: Question): boolean => {
      if (question.type === 'tabs') return question.tabs.some((tab) => tab.questions.some(flagged));
      if (question.type === 'addAnother')
        return Object.keys(mode.issues).some((key) => entryByKey(key)?.container?.question.key === question.key);
      return question.type !== 'content' && answerKeysOf(question).some((key) => key in mode.issues);
    };
    return (question, answers) => isAnswered(question, answers) || flagged(question);
  }, [mode]);

  const { hash } = useLocation();
  useEffect(() => {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <CheckModeContext.Provider value={mode}>
      <OnlyAnsweredContext.Provider value={shows}>
        <div className="form-page check-answers">
          <h1 className="form-page-title">{CHECK_ANSWERS_TITLE}</h1>
          <p className="check-intro">{CHECK_ANSWERS_INTRO}</p>
          <ProblemList
            id="check-missing-title"
            title={CHECK_MISSING_TITLE}
            text={CHECK_MISSING_TEXT}
            problems={missing}
          />
          <ProblemList id="check-issues-title" title={CHECK_ISSUES_TITLE} problems={correcting} />
          {FORM_PAGES_DEFINITION.map((page) => (
            <CheckPage key={page.id} page={page} />
          ))}
        </div>
      </OnlyAnsweredContext.Provider>
    </CheckModeContext.Provider>
  );
}
