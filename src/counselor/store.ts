/** The counselor's page's own Redux store: its API's cache and nothing else (nothing is kept in the browser). */
import { configureStore } from '@reduxjs/toolkit';
import { counselorApi } from './api';

export function makeCounselorStore() {
  return configureStore({
    reducer: { [counselorApi.reducerPath]: counselorApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(counselorApi.middleware),
  });
}
