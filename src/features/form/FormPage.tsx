import { lazy, Suspense, useCallback, useEffect, type FocusEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SITE_NAME } from '../../kernel/partner';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { fieldLeft } from '../answers';
import { selectValidating } from '../../shared/validating';
import { isFromCheck } from './renderer/checkMode';
import { entryByKey } from '../../kernel/form/definition';
import type { Page } from '../../kernel/form/definition/types';
import { afterPointerRelease, watchPointer } from './afterPointerRelease';
import { focusAnswer } from './focus';
import { FormSection, SECTION_ANCHOR_PREFIX } from './FormSection';
import { loadOptions } from './renderer/options';
import { useRevealedSections } from './useRevealedSections';
import './form.css';

/** Only a page opened from Check your answers offers the return: its own small chunk, out of the first download. */
const ReturnToCheckButton = lazy(() =>
  import(/* webpackChunkName: "return-to-check" */ './ReturnToCheck').then((m) => ({ default: m.ReturnToCheck })),
);
/** The missing-information summary shows only while validating: its own chunk too, loaded once Submit is pressed. */
const MissingInfoSummary = lazy(() =>
  import(/* webpackChunkName: "missing-info-summary" */ './summary/MissingInfoSummary').then((m) => ({
    default: m.MissingInfoSummary,
  })),
);
/** "Send the request now" under Final Steps' waiver question: its own chunk (the school report feature's). */
const SendRequestNow = lazy(() => import('../schoolReport').then((m) => m.loadSendRequestNow()));
const SEND_REQUEST_SECTION = 'counselor-waiver';

function ReturnToCheck({ section }: { section?: string }) {
  return (
    <Suspense fallback={null}>
      <ReturnToCheckButton section={section} />
    </Suspense>
  );
}

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
  // The section a Change link opened (its own, or the question's in the URL): the return to the check sits there.
  const target = decodeURIComponent(hash.slice(1));
  const returnSection = !fromCheck
    ? undefined
    : (state.section ??
      (target.startsWith(SECTION_ANCHOR_PREFIX)
        ? target.slice(SECTION_ANCHOR_PREFIX.length)
        : entryByKey(target)?.page.id === page.id
          ? entryByKey(target)?.section.id
          : undefined));
  const dispatch = useAppDispatch();
  // Leaving a field checks its format (a phone, an email, a score's range): focusout bubbles from every control.
  const onBlur = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      const target = event.target as Partial<HTMLInputElement>;
      const name = target.name || target.id;
      // Its message waits for a press on another control to end, so the layout holds still under the finger.
      if (typeof name === 'string' && name !== '') afterPointerRelease(() => dispatch(fieldLeft({ key: name })));
    },
    [dispatch],
  );

  useEffect(() => watchPointer(), []);

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
      {/* One per arrival (a new location: a link, a tab, a refused Submit): see MissingInfoSummary. */}
      {validating && (
        <Suspense fallback={null}>
          <MissingInfoSummary key={key} page={page} />
        </Suspense>
      )}
      {sections.map((section) => (
        <FormSection
          key={section.id}
          section={section}
          readOnly={false}
          after={
            section.id === SEND_REQUEST_SECTION ? (
              <>
                <Suspense fallback={null}>
                  <SendRequestNow />
                </Suspense>
                {section.id === returnSection && <ReturnToCheck section={section.id} />}
              </>
            ) : section.id === returnSection ? (
              <ReturnToCheck section={section.id} />
            ) : undefined
          }
        />
      ))}
      {fromCheck && (returnSection === undefined || !sections.some((s) => s.id === returnSection)) && (
        <ReturnToCheck section={returnSection} />
      )}
    </div>
  );
}
