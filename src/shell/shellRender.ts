import { createContext, useContext } from 'react';

/**
 * True while the build renders a page shell (renderShell.tsx). A long page then renders only its first screen's
 * worth: the rest is below the fold, and every element of the shell is HTML a phone must parse before it paints.
 */
export const ShellRenderContext = createContext(false);

export const useIsShellRender = () => useContext(ShellRenderContext);

/** How many sections of a form page the shell carries (the first screen of a phone or a desktop; form.css renders
 * the sections after them lazily, with content-visibility). */
export const SHELL_SECTIONS = 2;
