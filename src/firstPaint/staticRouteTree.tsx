import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { AppStore } from '../app/store';
import { appRoutes } from '../app/router';

/**
 * The app's real route tree at `url`, with its loaders run, ready for React's server renderer: how the build's
 * shells (renderShell.tsx) render a page as the browser would. Throws when the route redirects or its loading
 * failed: a shell may be neither a redirect nor the error screen.
 */
export async function staticRouteTree(store: AppStore, url: URL): Promise<ReactElement> {
  const { query, dataRoutes } = createStaticHandler(appRoutes(store));
  const context = await query(new Request(url));
  if (context instanceof Response) throw new Error(`${url.pathname} redirects (${context.status})`);
  if (context.errors) throw Object.values(context.errors)[0];
  return (
    <Provider store={store}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </Provider>
  );
}
