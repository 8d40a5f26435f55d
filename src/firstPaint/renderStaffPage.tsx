/**
 * Request-time renderer of the staff view (src/kernel/shells.ts, STAFF_PAGE_VARIANTS), and the entry of the Node
 * bundle the server loads (STAFF_PAGE_RENDERER; its own copy of the app and of React, built with the client by
 * webpack.config.ts). The server reads the applicant's bundle for a valid service token and this renders the page
 * the app would show for it, with the real route tree and store, as the build does for the other pages' shells
 * (renderShell.tsx). Read-only, the result is the whole page: staff need no script to read or print it.
 */
import { prerender } from 'react-dom/static';
import { makeStore } from '../app/store';
import { api, type ServiceBundle } from '../services/api';
import { applicantName, holdsOnly, reviewDocumentTitle } from '../features/review';
import { staticRouteTree } from './staticRouteTree';

/** A start-up that never loads the answers is a fault of the build, reported rather than waited on for ever. */
const READY_LIMIT_MS = 5_000;

/** Whether two maps hold the same entries (in any order). */
const sameEntries = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * Resolves once the start-up listener has loaded the bundle: the store is in staff mode and holds exactly its
 * answers (the state in which the app shows the review), add-another counts and tab choices.
 */
function bundleLoaded(store: ReturnType<typeof makeStore>, bundle: ServiceBundle): Promise<void> {
  const ready = () => {
    const state = store.getState();
    return (
      state.session.is_service_user &&
      holdsOnly(bundle.answer ?? {}, state.answers.values) &&
      sameEntries(bundle.add_another ?? {}, state.addAnother.counts) &&
      sameEntries(bundle.tabs ?? {}, state.tabs.chosen)
    );
  };
  return new Promise((resolve, reject) => {
    if (ready()) return resolve();
    const limit = setTimeout(() => {
      unsubscribe();
      reject(new Error(`the answers did not load within ${READY_LIMIT_MS} ms: no staff page`));
    }, READY_LIMIT_MS);
    const unsubscribe = store.subscribe(() => {
      if (!ready()) return;
      clearTimeout(limit);
      unsubscribe();
      resolve();
    });
  });
}

export interface StaffPage {
  /** The content of the page's root. */
  markup: string;
  /** The document title the app would set. */
  title: string;
}

/**
 * The staff view of `pathname?service_token=token` once the bundle has arrived. Throws when the page would not
 * show the review (so the server sends the app instead, which does as it always did).
 */
export async function renderStaffPage(pathname: string, token: string, bundle: ServiceBundle): Promise<StaffPage> {
  const store = makeStore();
  // The bundle the server has just read is the answer to the app's own start-up request for it: the start-up
  // listener (features/session/sessionListeners.ts) finds it in the cache and loads it as it would in the browser.
  await store.dispatch(api.util.upsertQueryData('getServiceBundle', token, bundle));
  const url = new URL(pathname, 'http://localhost');
  url.searchParams.set('service_token', token);
  const page = await staticRouteTree(store, url);
  await bundleLoaded(store, bundle);
  // prerender, not renderToString: it waits for the lazy review (React.lazy in FormPage.tsx). A boundary larger than
  // progressiveChunkSize would be sent as its fallback and a script that swaps the content in: the page carries no
  // script (nor would its CSP run one), so every boundary is written in place.
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const markup = await new Response(prelude).text();
  if (markup.includes('<script')) throw new Error('the page would need a script: no staff page');
  return { markup, title: reviewDocumentTitle(applicantName(store.getState().answers.values)) };
}
