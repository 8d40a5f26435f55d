import { SHELL_ELEMENT_ID } from '../kernel/shells';

/** Whether index.html came with a pre-rendered shell (src/kernel/shells.ts) that is still on screen. */
export function hasShell(): boolean {
  return typeof document !== 'undefined' && document.getElementById(SHELL_ELEMENT_ID) !== null;
}

/**
 * Removes the shell. Called from a layout effect of the app's first commit, so the shell goes and the app's own
 * screen (the same markup) comes in the same frame: nothing flashes or moves.
 */
export function removeShell(): void {
  document.getElementById(SHELL_ELEMENT_ID)?.remove();
}
