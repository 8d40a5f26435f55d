import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../app/App';
import type { AppStore } from '../app/store';
import { createAppRouter } from '../app/router';

/** Creates the router (its start-up loader runs now) and renders the app into #root. */
export function startApp(store: AppStore): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('public/index.html must contain <div id="root">.');
  const router = createAppRouter(store);
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, instead of one long task
  // that would block input while a slow phone builds the first screen (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    ),
  );
}
