/**
 * Helpers for the Documents and print-view tests (only *.test.tsx files import this): a store with the documents
 * slice and the Documents listeners (as the app's store has them once registered; registering twice is harmless),
 * the whole app on such a store, and files made in memory.
 */
import { addListener, type Reducer } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { makeStore, rootReducer, type AppStartListening, type AppStore, type RootState } from '../../app/store';
import { setNavigator } from '../../shared/navigation';
import { addPublicLinkListeners } from '../printView/publicLinkListeners';
import { addDocumentListeners } from './documentListeners';
import documentsReducer, { initialDocumentsState, selectDocuments, type DocumentsState } from './documentsSlice';

type WithDocuments = RootState & { documents?: DocumentsState };

/** Whether the app's root reducer has the documents slice already (once src/app/store.ts registers it). */
const storeHasDocuments = () => 'documents' in rootReducer(undefined, { type: '@@documents/probe' });

/**
 * A store as the app makes it, plus the documents slice (preloaded with `documents`) and the Documents and public
 * link listeners.
 */
export function makeDocumentsStore(preloadedState?: Partial<RootState>, documents?: Partial<DocumentsState>) {
  const initial: DocumentsState = { ...initialDocumentsState, ...documents };
  let store: AppStore;
  if (storeHasDocuments()) {
    store = makeStore({ ...preloadedState, documents: initial } as Partial<RootState>);
  } else {
    store = makeStore(preloadedState);
    const reducer = (state: WithDocuments | undefined, action: { type: string }) => {
      const { documents: held, ...rest } = state ?? {};
      return {
        ...rootReducer(rest as RootState, action),
        documents: documentsReducer(held ?? initial, action),
      };
    };
    store.replaceReducer(reducer as unknown as Reducer<RootState>);
  }
  const startListening = ((options: unknown) =>
    store.dispatch(addListener(options as never))) as unknown as AppStartListening;
  addDocumentListeners(startListening);
  addPublicLinkListeners(startListening);
  // Listeners that navigate (a 401) find a navigator.
  setNavigator(
    () => undefined,
    () => '/final-steps',
  );
  return store;
}

export const documentsOf = (store: AppStore) => selectDocuments(store.getState());
export const docOf = (store: AppStore, key: string) => documentsOf(store).byKey[key];
export const valuesOf = (store: AppStore) => store.getState().answers.values;
export const toastsOf = (store: AppStore) =>
  store.getState().notifications.toasts.map(({ severity, title, message }) => ({ severity, title, message }));

/** A component with such a store and a MemoryRouter. */
export function renderWithDocuments(
  ui: ReactElement,
  {
    state,
    documents,
    route = '/final-steps',
  }: { state?: Partial<RootState>; documents?: Partial<DocumentsState>; route?: string } = {},
) {
  const store = makeDocumentsStore(state, documents);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store, user: userEvent.setup({ delay: null }), ...render(ui, { wrapper: Wrapper }) };
}

/** The whole app (real routes, lazy pages) at a URL, on such a store. */
export function renderAppWithDocuments(
  url: string,
  { state, documents }: { state?: Partial<RootState>; documents?: Partial<DocumentsState> } = {},
) {
  const store = makeDocumentsStore(state, documents);
  const router = createAppRouter(store, { initialEntries: [url] });
  return { store, router, user: userEvent.setup({ delay: null }), ...render(<App store={store} router={router} />) };
}

/**
 * A file as a browser hands it over. Node's File: jsdom's FormData (replaced by Node's in this environment)
 * takes only Node's Blobs.
 */
export function fileOf(name: string, size: number, type: string): File {
  return new NodeFile([new Uint8Array(size).fill(0x41)], name, { type }) as unknown as File;
}
