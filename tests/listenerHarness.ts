import { waitFor } from '@testing-library/react';
import { makeStore, type RootState } from '../src/app/store';
import { setNavigator } from '../src/shared/navigation';
import { initialSessionState } from '../src/features/session/sessionSlice';
import { initialSyncState } from '../src/features/answers/syncSlice';

/** A store with a spy navigator, for listener tests without React. */
export function listenerHarness(preloadedState?: Partial<RootState>, path = '/about') {
  const navigate = jest.fn();
  let here = path;
  setNavigator(
    (to, options) => {
      navigate(to, options);
      here = to.split('?')[0];
    },
    () => here,
  );
  const store = makeStore(preloadedState);
  return { store, navigate, waitFor };
}

/** A logged-in applicant; `dirty` lists the answer keys not yet saved (the outbox). */
export const loggedInState = (
  session: Partial<RootState['session']> = {},
  values: Record<string, string | boolean> = {},
  dirty: string[] = [],
): Partial<RootState> => ({
  session: {
    ...initialSessionState,
    is_logged_in: true,
    username: 'ada@example.com',
    profile_loaded: true,
    num_logins: 1,
    web_status: 'started',
    ...session,
  },
  answers: { values, errors: {} },
  sync: { ...initialSyncState, dirty, version: 1, status: dirty.length > 0 ? 'pending' : 'saved' },
});
