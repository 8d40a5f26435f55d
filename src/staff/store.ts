/**
 * The staff console's own Redux store: its API's cache and nothing else. No redux-persist: nothing a staff member
 * reads is left in the browser's storage.
 */
import { configureStore } from '@reduxjs/toolkit';
import { staffApi } from './api';

export function makeStaffStore() {
  return configureStore({
    reducer: { [staffApi.reducerPath]: staffApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(staffApi.middleware),
  });
}

export type StaffStore = ReturnType<typeof makeStaffStore>;
