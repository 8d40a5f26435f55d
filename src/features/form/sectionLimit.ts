import { createContext, useContext } from 'react';

/**
 * How many sections of a form page make its first screen, on a phone or a desktop: what the build's pre-rendered
 * shell carries (src/firstPaint), what the app's first render shows, and the sections form.css paints at once.
 */
export const FIRST_SCREEN_SECTIONS = 2;

/**
 * How many of a page's sections a form page renders: all of them (null), unless a renderer of its own says
 * otherwise. The build's pre-rendered shells (src/firstPaint) render a long page's first screen only: the rest is
 * below the fold, and every element of a shell is HTML a phone must parse before it paints.
 */
export const SectionLimitContext = createContext<number | null>(null);

export const useSectionLimit = () => useContext(SectionLimitContext);

/**
 * Whether a form page renders the sections below its first screen in later tasks (useRevealedSections). The app in
 * the browser says yes (src/firstPaint/startApp.tsx); a test or a renderer without a browser gets the page whole.
 */
export const ProgressiveSectionsContext = createContext(false);
