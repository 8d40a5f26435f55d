import { startTransition, useContext, useEffect, useState } from 'react';
import type { Page } from '../../kernel/form/definition/types';
import { FIRST_SCREEN_SECTIONS, ProgressiveSectionsContext, useSectionLimit } from './sectionLimit';

/**
 * How many of the page's sections to render now. Where pages render progressively (ProgressiveSectionsContext):
 * the first screen's sections first, then one more in each following task until all are in. Rendering About You
 * whole was one commit of every question and then one style and layout of the whole page, long tasks of a phone's
 * start-up (Total Blocking Time; figures: bench/HISTORY.md); a section at a time, each
 * task holds one section's. The page is whole a few hundred milliseconds after it shows, long before anyone scrolls
 * there.
 *
 * `whole` renders every section at once, from then on: a page asked to land on a field (a #key link) or listing
 * problems whose links lead to fields (the missing-information summary) needs them all now.
 */
export function useRevealedSections(page: Page, whole: boolean): number {
  const limit = useSectionLimit();
  const progressive = useContext(ProgressiveSectionsContext);
  const total = page.sections.length;
  // Each page is a component of its own (src/features/form/pages): moving to another page starts it afresh.
  const [shown, setShown] = useState(FIRST_SCREEN_SECTIONS);
  // Once whole, stays whole: sections never leave the page (and its focus and typing with them). React's pattern
  // for state that follows a prop: set during the render, which React runs again at once.
  if (progressive && whole && shown < total) setShown(total);
  const count = progressive && !whole ? Math.min(shown, total) : total;

  useEffect(() => {
    if (count >= total) return;
    // A task of its own (not a microtask, not React's render of this one): the browser paints and takes input between.
    // A transition: React builds the section (its elements too) in slices of a few milliseconds and inserts it whole,
    // and a keystroke meanwhile is handled first (React sets the section's render aside and starts it again after).
    const timer = setTimeout(() => startTransition(() => setShown(count + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);

  return Math.min(limit ?? total, count);
}
