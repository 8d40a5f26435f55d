import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { REVIEW_LOADING } from '../../kernel/messages';
import { SITE_NAME } from '../../kernel/partner';
import type { Page } from '../../kernel/form/definition/types';
import { focusAnswer } from './focus';
import { FormSection } from './FormSection';
import { loadOptions } from './renderer/options';
import { MissingInfoSummary } from './summary/MissingInfoSummary';
import { SHELL_SECTIONS, useIsShellRender } from '../../shell/shellRender';
import './form.css';

// The option lists (countries, states) start loading with the page, not with the first dropdown.
void loadOptions();

/** Staff see every page at once (its own chunk: no applicant downloads it). */
const StaffReview = lazy(() => import(/* webpackChunkName: "staff-review" */ '../review/StaffReview'));

/**
 * A form page generated from its definition: the one h1 (the page title), the missing-information summary, and
 * its sections. A service user sees the staff review instead: every page's answers read-only in one print-style
 * view (SPEC §1). /{page}#{key} lands on that field.
 */
export function FormPage({ page }: { page: Page }) {
  const readOnly = useAppSelector((s) => s.session.is_service_user);
  const sections = useIsShellRender() ? page.sections.slice(0, SHELL_SECTIONS) : page.sections;
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!readOnly) document.title = `${page.title} - ${SITE_NAME}`;
  }, [page.title, readOnly]);

  // After the summary (a child) took focus, a field named in the URL takes it.
  useEffect(() => {
    if (hash.length > 1) focusAnswer(decodeURIComponent(hash.slice(1)));
  }, [hash, key]);

  if (readOnly) {
    return (
      <Suspense fallback={<p role="status">{REVIEW_LOADING}</p>}>
        <StaffReview />
      </Suspense>
    );
  }
  return (
    <div className="form-page">
      <h1 className="form-page-title">{page.title}</h1>
      <MissingInfoSummary page={page} />
      {sections.map((section) => (
        <FormSection key={section.id} section={section} readOnly={false} />
      ))}
    </div>
  );
}
