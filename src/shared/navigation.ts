/**
 * Listeners navigate (401 → /login, save-then-go, submit → /completion) but live outside React.
 * The router registers its navigate function here at start-up; tests register a spy.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
/** Resolves when the navigation has finished (lazy pages loaded). */
export type Navigate = (to: string, options?: NavigateOptions) => void | Promise<void>;

let current: Navigate = () => {
  throw new Error('No navigator registered: createAppRouter() registers one.');
};

let path: () => string = () => window.location.pathname;

/** The router registers how to move and where it is (a memory router in tests is not window.location). */
export function setNavigator(navigate: Navigate, currentPathname?: () => string) {
  current = navigate;
  if (currentPathname) path = currentPathname;
}

export const navigate: Navigate = (to, options) => current(to, options);

export const currentPath = () => path();
