import { useCallback, useEffect, type FocusEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SITE_NAME } from '../../kernel/partner';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { fieldLeft } from '../answers';
import { navigationRequested } from '../../shared/events';
import { selectValidating } from '../../shared/validating';
import { PATHS } from '../../kernel/paths';
import { isFromCheck } from './renderer/checkMode';
import type { Page } from '../../kernel/form/definition/types';
import { focusAnswer } from './focus';
import { FormSection } from './FormSection';
import { loadOptions } from './renderer/options';
import { MissingInfoSummary } from './summary/MissingInfoSummary';
import { useRevealedSections } from './useRevealedSections';
import './form.css';

export const RETURN_TO_CHECK = 'Save and return to Check your answers';

// The option lists (countries, states) start loading with the page, not with the first dropdown.
void loadOptions();

/**
 * A form page generated from its definition: the one h1 (the page title), the missing-information summary, and
 * its sections. /{page}#{key} lands on that field. (A service user sees the print view in its place: FormLayout.)
 */
export function FormPage({ page }: { page: Page }) {
  const { hash, key, state } = useLocation();
  // A #key link lands on its field, and the summary's links on theirs: those pages render whole at once.
  const validating = useAppSelector(selectValidating);
  const revealed = useRevealedSections(page, hash.length > 1 || validating);
  const sections = page.sections.slice(0, revealed);
  const fromCheck = isFromCheck(state);
  const dispatch = useAppDispatch();
  // Leaving a field checks its format (a phone, an email, a score's range): focusout bubbles from every control.
  const onBlur = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      const target = event.target as Partial<HTMLInputElement>;
      const name = target.name || target.id;
      if (typeof name === 'string' && name !== '') dispatch(fieldLeft({ key: name }));
    },
    [dispatch],
  );

  useEffect(() => {
    document.title = `${page.title} - ${SITE_NAME}`;
  }, [page.title]);

  // After the summary (a child) took focus, a field named in the URL takes it.
  useEffect(() => {
    if (hash.length > 1) focusAnswer(decodeURIComponent(hash.slice(1)));
  }, [hash, key]);

  return (
    // data-sections: 'arriving' while the sections below the first screen are still being rendered (tools that read
    // the whole page, such as the accessibility checks, wait for 'all').
    <div className="form-page" onBlur={onBlur} data-sections={revealed < page.sections.length ? 'arriving' : 'all'}>
      <h1 className="form-page-title">{page.title}</h1>
      <MissingInfoSummary page={page} />
      {sections.map((section) => (
        <FormSection key={section.id} section={section} readOnly={false} />
      ))}
      {fromCheck && (
        <div className="form-return">
          <button
            type="button"
            className="shell-btn shell-btn-primary"
            onClick={() => dispatch(navigationRequested({ to: PATHS.checkAnswers, via: 'pageButton' }))}
          >
            {RETURN_TO_CHECK}
          </button>
        </div>
      )}
    </div>
  );
}
