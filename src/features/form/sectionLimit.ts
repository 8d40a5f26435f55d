import { createContext, useContext } from 'react';

/**
 * How many of a page's sections a form page renders: all of them (null), unless a renderer of its own says
 * otherwise. The build's pre-rendered shells (src/firstPaint) render a long page's first screen only: the rest is
 * below the fold, and every element of a shell is HTML a phone must parse before it paints.
 */
export const SectionLimitContext = createContext<number | null>(null);

export const useSectionLimit = () => useContext(SectionLimitContext);
