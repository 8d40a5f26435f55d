import { combineReducers, configureStore, createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import { api } from '../services/api';
import session from '../features/session/sessionSlice';
import answers from '../features/answers/answersSlice';
import addAnother from '../features/addAnother/addAnotherSlice';
import tabs from '../features/tabs/tabsSlice';
import notifications from '../features/notifications/notificationsSlice';
import { registerListeners } from './listenerMiddleware';

export const rootReducer = combineReducers({
  session,
  answers,
  addAnother,
  tabs,
  notifications,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** One store per app (and per test): its own listener middleware, so tests never share listeners. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
    // Redux DevTools in development builds only; every action is serializable, so time travel works.
    devTools: process.env.NODE_ENV !== 'production',
  });
  registerListeners(listener.startListening as AppStartListening);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
