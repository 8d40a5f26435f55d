/**
 * Build-time renderer of the page shells (src/config/shells.ts), bundled for Node by webpack.config.ts and run
 * once after the production build. It renders the real route tree — the same layouts and pages the browser
 * renders — with a fresh store in the state a first visit starts in, so the shell and the app's first screen
 * match and the swap does not move anything.
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { makeStore } from '../app/store';
import { appRoutes } from '../app/router';
import { sessionDetected } from '../features/session/sessionSlice';
import type { ShellVariant } from '../config/shells';
import { ShellRenderContext } from './shellRender';

export async function renderShell(variant: ShellVariant): Promise<string> {
  const store = makeStore();
  store.dispatch(sessionDetected({ isLoggedIn: variant.loggedIn, numLogins: variant.numLogins }));
  const { query, dataRoutes } = createStaticHandler(appRoutes(store));
  const context = await query(new Request(`http://localhost${variant.path}`));
  if (context instanceof Response) throw new Error(`${variant.path} redirects (${context.status}): no shell for it`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <ShellRenderContext.Provider value={true}>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </ShellRenderContext.Provider>,
  );
}
