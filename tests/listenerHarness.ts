import { waitFor } from '@testing-library/react';
import { makeStore, type RootState } from '../src/app/store';
import { setNavigator } from '../src/app/navigation';
import { initialSessionState } from '../src/features/session/sessionSlice';

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

export const loggedInState = (
  session: Partial<RootState['session']> = {},
  values: Record<string, string | boolean> = {},
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
});
