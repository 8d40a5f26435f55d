import { SHELL_ELEMENT_ID } from '../kernel/shells';
import type { ShellHandover } from '../app/shellHandover';

/** Whether index.html came with a pre-rendered shell (src/kernel/shells.ts) that is still on screen. */
export function hasShell(): boolean {
  return typeof document !== 'undefined' && document.getElementById(SHELL_ELEMENT_ID) !== null;
}

/**
 * Removes the shell. Handed to the app (startApp.tsx), which calls it from a layout effect of its first commit, so
 * the shell goes and the app's own screen (the same markup) comes in the same frame: nothing flashes or moves.
 */
export function removeShell(): void {
  document.getElementById(SHELL_ELEMENT_ID)?.remove();
}

/** The page's shell as the app is handed it (src/app/shellHandover.ts). */
export const pageShell: ShellHandover = { showing: hasShell, replace: removeShell };
