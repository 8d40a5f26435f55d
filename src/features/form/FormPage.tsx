import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SITE_NAME } from '../../kernel/partner';
import type { Page } from '../../kernel/form/definition/types';
import { focusAnswer } from './focus';
import { FormSection } from './FormSection';
import { loadOptions } from './renderer/options';
import { MissingInfoSummary } from './summary/MissingInfoSummary';
import { useSectionLimit } from './sectionLimit';
import './form.css';

// The option lists (countries, states) start loading with the page, not with the first dropdown.
void loadOptions();

/**
 * A form page generated from its definition: the one h1 (the page title), the missing-information summary, and
 * its sections. /{page}#{key} lands on that field. (A service user sees the print view in its place: FormLayout.)
 */
export function FormPage({ page }: { page: Page }) {
  const limit = useSectionLimit();
  const sections = limit === null ? page.sections : page.sections.slice(0, limit);
  const { hash, key } = useLocation();

  useEffect(() => {
    document.title = `${page.title} - ${SITE_NAME}`;
  }, [page.title]);

  // After the summary (a child) took focus, a field named in the URL takes it.
  useEffect(() => {
    if (hash.length > 1) focusAnswer(decodeURIComponent(hash.slice(1)));
  }, [hash, key]);

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
