import type { AppStartListening } from '../../app/store';
import { tabSwitchRequested, tabSwitchUndone } from './tabsSlice';

type Flows = typeof import('./tabFlows');
let flows: Flows | undefined;

/**
 * The Tabs listeners. A switch the applicant asked for (and agreed to), and the Undo in the toast after a switch
 * cleared work, are carried out by tabFlows.ts, loaded on first use (this file is in the first download).
 */
export function addTabsListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: tabSwitchRequested,
    effect: async ({ payload }, listenerApi) => {
      flows ??= await import(/* webpackChunkName: "tab-flows" */ './tabFlows');
      await flows.switchTab(listenerApi, payload);
    },
  });

  // The Undo comes after a switch, which loaded the flows already.
  startListening({
    actionCreator: tabSwitchUndone,
    effect: async ({ payload }, listenerApi) => {
      flows ??= await import(/* webpackChunkName: "tab-flows" */ './tabFlows');
      await flows.undoSwitch(listenerApi, payload);
    },
  });
}
