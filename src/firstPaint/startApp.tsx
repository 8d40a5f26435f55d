import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from '../app/App';
import { ProgressiveSectionsContext } from '../features/form';
import type { AppStore } from '../app/store';
import { createAppRouter } from '../app/router';
import { SHELL_DATA_WAIT_MS } from '../kernel/shells';
import { hasShell, pageShell } from './removeShell';
import { loadsSettled } from './loadsSettled';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has its first route: its lazy chunks are in and its loader has run. */
function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Creates the router (its start-up loader runs now) and renders the app into #root. While a pre-rendered shell
 * shows, the first render waits for the route and for the start-up loads (at most SHELL_DATA_WAIT_MS): the page is
 * then rendered once, with the applicant's answers, instead of empty and then again as they arrive. That second
 * render is a store update, which React cannot slice: on a slow phone it was one long task of every question.
 * Without a shell there is nothing on screen meanwhile, so the app renders at once (its "Loading…" first).
 * Resolves with the React root once the first render is asked for.
 */
export async function startApp(store: AppStore): Promise<Root> {
  const container = document.getElementById('root');
  if (!container) throw new Error('public/index.html must contain <div id="root">.');
  const settled = hasShell() ? loadsSettled(store) : undefined;
  const router = createAppRouter(store);
  if (settled) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([settled, routerReady(router)]),
      new Promise((resolve) => (timer = setTimeout(resolve, SHELL_DATA_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, instead of one long task
  // that would block input while a slow phone builds the first screen (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* A long form page shows its first screen first, the sections below it in the tasks after (FormPage). */}
        <ProgressiveSectionsContext.Provider value={true}>
          <App store={store} router={router} shell={pageShell} />
        </ProgressiveSectionsContext.Provider>
      </StrictMode>,
    ),
  );
  return root;
}
