import { addListener } from '@reduxjs/toolkit';
import type { AppStore } from '../app/store';
import { startupLoadsSettled } from '../shared/events';

/**
 * Resolves once appStarted's loads are over (done or failed): the account, a public link's answers, the print
 * view's bundle. Listening must start before appStarted is dispatched (by the router's start-up loader, or directly).
 */
export function loadsSettled(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const stop = store.dispatch(
      addListener({
        actionCreator: startupLoadsSettled,
        effect: () => {
          stop();
          resolve();
        },
      }),
    );
  });
}
