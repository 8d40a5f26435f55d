import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, type RootState } from '../src/app/store';
import { createAppRouter } from '../src/app/router';
import { App } from '../src/app/App';
import type { ShellHandover } from '../src/app/shellHandover';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** Where a MemoryRouter starts (component tests). */
  route?: string;
}

/** Renders a component with a fresh store and a MemoryRouter, as in the app. */
export function renderWithProviders(ui: ReactElement, { preloadedState, route = '/', ...options }: Options = {}) {
  const store = makeStore(preloadedState);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store, user: userEvent.setup({ delay: null }), ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** Renders the whole app (store, real routes, lazy pages) at a URL: route-level integration tests. */
export function renderApp(
  url: string,
  { preloadedState, shell }: { preloadedState?: Partial<RootState>; shell?: ShellHandover } = {},
) {
  const store = makeStore(preloadedState);
  const router = createAppRouter(store, { initialEntries: [url] });
  const app = render(<App store={store} router={router} shell={shell} />);
  return { store, router, user: userEvent.setup({ delay: null }), ...app };
}
