import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppStore } from './store';
import type { createAppRouter } from './router';
import { ShellHandoverContext, type ShellHandover } from './shellHandover';

/**
 * The store and the router; everything else is inside the routes (layouts and pages load lazily). `shell`: the
 * pre-rendered shell the app's first screen replaces, when the page came with one.
 */
export function App({
  store,
  router,
  shell,
}: {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
  shell?: ShellHandover;
}) {
  const app = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  return shell ? <ShellHandoverContext.Provider value={shell}>{app}</ShellHandoverContext.Provider> : app;
}
