import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * What the app needs of a pre-rendered shell (src/kernel/shells.ts), handed to it by the start-up
 * (src/firstPaint/startApp.tsx), so the app knows nothing of how shells are made or found.
 */
export interface ShellHandover {
  /** Whether a shell is still on screen. */
  showing(): boolean;
  /** Takes the shell away. */
  replace(): void;
}

/** No shell: tests, and the server's renderers (which render the page a shell is made of). */
const NO_SHELL: ShellHandover = { showing: () => false, replace: () => {} };

export const ShellHandoverContext = createContext<ShellHandover>(NO_SHELL);

export const useShellShowing = () => useContext(ShellHandoverContext).showing();

/**
 * The shell goes in the first commit of the component using this: a layout effect, so the app's own screen (the
 * same markup) comes in the same frame and nothing flashes or moves.
 */
export function useShellReplaced() {
  const { replace } = useContext(ShellHandoverContext);
  useLayoutEffect(replace, [replace]);
}
