/**
 * Request-time renderer of the print view (src/kernel/shells.ts, PRINT_VIEW_VARIANTS), and the entry of the Node
 * bundle the server loads (PRINT_VIEW_RENDERER; its own copy of the app and of React, built with the client by
 * webpack.config.ts). The server reads the applicant's bundle for a valid service token and this renders the
 * review from the form definition (PrintViewContent walks it, as the PDF's outline does) in what a service user
 * sees of a form route (PrintViewMain), with the app's store loaded as the browser's start-up loads it. Read-only,
 * the result is the whole page: staff need no script to read or print it.
 */
import { Provider } from 'react-redux';
import { prerender } from 'react-dom/static';
import { makeStore } from '../app/store';
import { PrintViewMain } from '../app/PrintViewMain';
import { api, type PrintViewBundle } from '../services/api';
import { appStarted } from '../shared/events';
import { isFormPage } from '../kernel/paths';
import { loadsSettled } from './loadsSettled';
import {
  applicantName,
  holdsOnly,
  printViewDocumentTitle,
  printViewTitle,
  PrintViewContent,
} from '../features/printView';

export interface PrintViewPage {
  /** The content of the page's root. */
  markup: string;
  /** The document title the app would set. */
  title: string;
}

/**
 * The print view of `pathname?service_token=token` for the bundle the server has just read. The start-up runs as in
 * the browser (appStarted, the listener loading the bundle into the store) and the render starts when it says its
 * loads are over (startupLoadsSettled). Throws when the page would not show the review (so the server sends the
 * app instead, which does as it always did).
 */
export async function renderPrintView(
  pathname: string,
  token: string,
  bundle: PrintViewBundle,
): Promise<PrintViewPage> {
  if (!isFormPage(pathname)) throw new Error(`${pathname} is not a form page: no print view`);
  const store = makeStore();
  // The bundle is the answer to the start-up's own request for it: the listener finds it in the cache.
  await store.dispatch(api.util.upsertQueryData('getPrintViewBundle', token, bundle));
  const settled = loadsSettled(store);
  store.dispatch(appStarted({ serviceToken: token }));
  await settled;
  const { session, answers } = store.getState();
  if (!session.is_service_user || !holdsOnly(bundle.answer ?? {}, answers.values)) {
    throw new Error('the start-up did not load the answers: no print view');
  }
  const name = applicantName(answers.values);
  const page = (
    <Provider store={store}>
      <PrintViewMain>
        <PrintViewContent data={bundle} token={token} title={printViewTitle(name)} />
      </PrintViewMain>
    </Provider>
  );
  // prerender, not renderToString: it waits for any lazy part. A boundary larger than progressiveChunkSize would be
  // sent as its fallback and a script that swaps the content in: the page carries no script (nor would its CSP run
  // one), so every boundary is written in place.
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const markup = await new Response(prelude).text();
  if (markup.includes('<script')) throw new Error('the page would need a script: no print view');
  return { markup, title: printViewDocumentTitle(name) };
}
