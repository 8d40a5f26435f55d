/**
 * Helpers for the account pages' tests (not part of the app bundle: only *.test.tsx files import this).
 */
import { act, screen } from '@testing-library/react';
import { renderApp } from '../../../tests/renderWithProviders';
import type { AppStore, RootState } from '../../app/store';
import type { AuthNavigationState } from './navigationState';

/** The app at `path` (real routes and store), optionally entered with navigation state, once its <h1> shows. */
export async function renderAuthPage(
  path: string,
  { state, preloadedState }: { state?: AuthNavigationState; preloadedState?: Partial<RootState> } = {},
) {
  const result = renderApp(path, { preloadedState });
  if (state) await act(() => result.router.navigate(path, { replace: true, state }));
  // The first page of a test file pays for loading the lazy chunks' modules in jsdom: allow it time.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}

/** The toasts in the store, without their generated ids and durations. */
export function toastsOf(store: AppStore) {
  return store.getState().notifications.toasts.map(({ severity, title, message }) => ({ severity, title, message }));
}

/** Where the router is, and the state it carries. */
export function locationOf(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search, state } = router.state.location;
  return { pathname, search, state: state as unknown };
}

export const GOOD_PASSWORD = 'Correct-Horse-9-Battery';
