/**
 * Build-time renderer of the page shells (src/kernel/shells.ts), bundled for Node by webpack.config.ts and run
 * once after the production build. It renders the real route tree — the same layouts and pages the browser
 * renders — with a fresh store in the state a first visit starts in, so the shell and the app's first screen
 * match and the swap does not move anything.
 */
import { renderToString } from 'react-dom/server';
import { makeStore } from '../app/store';
import { sessionDetected } from '../features/session';
import type { ShellVariant } from '../kernel/shells';
import { FIRST_SCREEN_SECTIONS, preloadLargeQuestions, SectionLimitContext } from '../features/form';
import { staticRouteTree } from './staticRouteTree';

export async function renderShell(variant: ShellVariant): Promise<string> {
  const store = makeStore();
  store.dispatch(sessionDetected({ isLoggedIn: variant.loggedIn, numLogins: variant.numLogins }));
  const page = await staticRouteTree(store, new URL(variant.path, 'http://localhost'));
  // renderToString cannot wait: the questions loaded apart are loaded first.
  await preloadLargeQuestions();
  // A long page carries its first screen only (the form's SectionLimitContext: the page itself knows nothing of shells).
  return renderToString(
    <SectionLimitContext.Provider value={FIRST_SCREEN_SECTIONS}>{page}</SectionLimitContext.Provider>,
  );
}
