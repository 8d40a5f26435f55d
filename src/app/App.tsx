import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppStore } from './store';
import type { createAppRouter } from './router';

/** The store and the router; everything else is inside the routes (layouts and pages load lazily). */
export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
