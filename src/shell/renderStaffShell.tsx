/**
 * Request-time renderer of the staff view's shell (src/config/shells.ts, STAFF_SHELL_VARIANTS): the server reads the
 * applicant's bundle for a valid service token and this renders the page the app will show for it, so staff see
 * the answers as soon as the HTML arrives rather than after the app's scripts, its lazy pages and its own request
 * for the bundle (about 2.4 s on a slow phone, bench/report.md). It renders the real route tree, as the build's
 * shells do (renderShell.tsx), so the shell and the app's review are the same markup.
 */
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { makeStore } from '../app/store';
import { appRoutes } from '../app/router';
import { api, type ServiceBundle } from '../services/api';
import { REVIEW_LOADING } from '../features/review/StaffReview';
import { ShellRenderContext } from './shellRender';

/** One macrotask: the start-up listener's steps (a cache hit, then the answers into the store) are microtasks. */
const listenersSettled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The markup of `pathname?service_token=token` once the bundle has arrived. Throws when the page would not show
 * the review (so the server sends the plain page and the app does as it always did).
 */
export async function renderStaffShell(pathname: string, token: string, bundle: ServiceBundle): Promise<string> {
  const store = makeStore();
  // The bundle the server has just read is the answer to the app's own start-up request for it: the start-up
  // listener (features/session/sessionListeners.ts) finds it in the cache and loads it as it would in the browser.
  await store.dispatch(api.util.upsertQueryData('getServiceBundle', token, bundle));
  const url = new URL(pathname, 'http://localhost');
  url.searchParams.set('service_token', token);
  const { query, dataRoutes } = createStaticHandler(appRoutes(store));
  const context = await query(new Request(url));
  if (context instanceof Response) throw new Error(`${pathname} redirects (${context.status}): no staff shell`);
  if (context.errors) throw Object.values(context.errors)[0];
  await listenersSettled();
  const router = createStaticRouter(dataRoutes, context);
  // prerender, not renderToString: it waits for the lazy review (React.lazy in FormPage.tsx). A boundary larger than
  // progressiveChunkSize would be sent as its fallback and a script that swaps the content in: the shell carries
  // no script (the page's CSP allows none), so every boundary is written in place.
  const { prelude } = await prerender(
    <ShellRenderContext.Provider value={true}>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </ShellRenderContext.Provider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await streamText(prelude);
  if (markup.includes(REVIEW_LOADING) || markup.includes('<script'))
    throw new Error('the review was not ready: no staff shell');
  return markup;
}
