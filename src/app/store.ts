import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type Reducer,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../services/api';
import { sessionReducer as session } from '../features/session';
import {
  addCrossTabListeners,
  answersReducer as answers,
  answersSavedElsewhere,
  openCrossTabChannel,
  storageWriteFailed,
  syncReducer as sync,
} from '../features/answers';
import { addAnotherReducer as addAnother } from '../features/addAnother';
import { tabsReducer as tabs } from '../features/tabs';
import { notificationsReducer as notifications } from '../features/notifications';
import { documentsReducer as documents } from '../features/documents';
import { deadlineReducer as deadline } from '../features/deadline';
import { languageReducer as language } from '../features/language';
import { persistConfig } from '../features/persistence';
import { registerListeners } from './listenerMiddleware';

export const rootReducer = combineReducers({
  session,
  answers,
  addAnother,
  tabs,
  notifications,
  sync,
  documents,
  deadline,
  language,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const STORAGE_WRITE_FAILED =
  'Your answers could not be kept on this device (its storage is full or blocked). They are still sent to the server when you are online.';

/**
 * One store per app (and per test): its own listener middleware, so tests never share listeners.
 * `persist` keeps answers, add-another counts, tab choices and the save outbox on the device (redux-persist).
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  options: { persist?: boolean; crossTab?: boolean } = {},
) {
  const listener = createListenerMiddleware();
  let onWriteFail = (_error: Error) => {};
  const reducer = options.persist
    ? (persistReducer(
        persistConfig((error) => onWriteFail(error)),
        rootReducer,
      ) as unknown as Reducer<RootState>)
    : rootReducer;
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own bookkeeping actions carry callbacks; every app action stays serializable.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(api.middleware),
    // Redux DevTools in development builds only; every action is serializable, so time travel works.
    devTools: process.env.NODE_ENV !== 'production',
  });
  onWriteFail = () => store.dispatch(storageWriteFailed(STORAGE_WRITE_FAILED));
  registerListeners(listener.startListening as AppStartListening);
  if (options.crossTab) {
    const channel = openCrossTabChannel((data) => {
      const message = data as { username?: unknown; version?: unknown; answer?: unknown };
      if (
        typeof message?.username === 'string' &&
        typeof message.version === 'number' &&
        typeof message.answer === 'object'
      ) {
        store.dispatch(answersSavedElsewhere(message as Parameters<typeof answersSavedElsewhere>[0]));
      }
    });
    addCrossTabListeners(listener.startListening as AppStartListening, channel);
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
