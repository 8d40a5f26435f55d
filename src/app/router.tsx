import { createBrowserRouter, createMemoryRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import type { AppStore } from './store';
import { appStarted } from '../shared/events';
import { setNavigator } from '../shared/navigation';
import { Root, StartupFallback } from './Root';
import { RootErrorScreen } from './ErrorBoundary';
import { DEFAULT_ROUTE } from '../kernel/paths';
import { nextTask } from '../kernel/nextTask';
import { formPages, loadOptions } from '../features/form';
import { authPages } from '../features/auth';

/** Unknown paths go to the default form route, keeping the query string (SPEC §2). */
function RedirectToDefault() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: DEFAULT_ROUTE, search }} replace />;
}

/**
 * Lazy pages: each is its own chunk, loaded when its route is first visited. Its code runs in a task of its own
 * (nextTask): at start-up the chunks are often there already, and a page's code (its form definition and
 * questions) would otherwise run in the same long task as the router's start.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => {
  await nextTask();
  return { Component: (await load()).default };
};

/**
 * A form page also waits for the option lists (countries, states: their own chunk, fetched alongside), so its
 * dropdowns mount with them instead of all rendering again when they arrive. If they cannot be fetched, the page
 * shows anyway, its dropdowns holding their current answers (renderer/options.ts).
 */
const formPage = (load: () => Promise<{ default: React.ComponentType }>) =>
  page(async () => (await Promise.all([load(), loadOptions().catch(() => undefined)]))[0]);

export function appRoutes(store: AppStore): RouteObject[] {
  let started = false;
  return [
    {
      path: '/',
      element: <Root />,
      errorElement: <RootErrorScreen />,
      hydrateFallbackElement: <StartupFallback />,
      // The loader reads token (public link) and service_token (print view) once, at start-up.
      // appStarted comes in a task of its own, after the router's creation: together they were one long task.
      loader: async ({ request }) => {
        if (!started) {
          started = true;
          await nextTask();
          const params = new URL(request.url).searchParams;
          store.dispatch(
            appStarted({
              token: params.get('token') ?? undefined,
              serviceToken: params.get('service_token') ?? undefined,
            }),
          );
        }
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        { index: true, element: <RedirectToDefault /> },
        {
          lazy: page(() => import(/* webpackChunkName: "layout-form" */ './FormLayout')),
          children: [
            {
              path: 'about',
              lazy: formPage(formPages.about),
            },
            {
              path: 'education',
              lazy: formPage(formPages.education),
            },
            {
              path: 'final-steps',
              lazy: formPage(formPages.finalSteps),
            },
            {
              path: 'check-answers',
              lazy: formPage(formPages.checkAnswers),
            },
            {
              path: 'completion',
              lazy: page(formPages.completion),
            },
          ],
        },
        {
          lazy: page(() => import(/* webpackChunkName: "layout-auth" */ './AuthLayout')),
          children: [
            {
              path: 'signup',
              lazy: page(authPages.signup),
            },
            {
              path: 'confirm',
              lazy: page(authPages.confirm),
            },
            {
              path: 'login',
              lazy: page(authPages.login),
            },
            {
              path: 'forgot',
              lazy: page(authPages.forgot),
            },
            {
              path: 'reset',
              lazy: page(authPages.reset),
            },
          ],
        },
        { path: '*', element: <RedirectToDefault /> },
      ],
    },
  ];
}

/** The app's router; registers its navigate for the listeners. Tests pass initialEntries for a memory router. */
export function createAppRouter(store: AppStore, options: { initialEntries?: string[] } = {}) {
  const routes = appRoutes(store);
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes);
  setNavigator(
    (to, navigateOptions) => router.navigate(to, navigateOptions),
    () => router.state.location.pathname,
  );
  return router;
}
