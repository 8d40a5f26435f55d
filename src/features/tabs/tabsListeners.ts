import { reportFailure } from '../notifications';
import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { answerChanged } from '../answers';
import { documentsKept } from '../documents';
import { tabSwitched, tabSwitchRequested, tabSwitchUndone } from './tabsSlice';

type Flows = typeof import('./tabFlows');
let flows: Flows | undefined;

/**
 * The Tabs listeners. A switch the applicant asked for (and agreed to) is carried out by tabFlows.ts, loaded on
 * first use (this file is in the first download). The Undo in the toast after a switch cleared work: the choice
 * goes back (PUT /api/tabs, as a switch does) and the answers come back as changes, so the outbox saves them; the
 * files were never deleted (the Documents listeners wait). A failure says so, as a switch's.
 */
export function addTabsListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: tabSwitchRequested,
    effect: async ({ payload }, listenerApi) => {
      flows ??= await import(/* webpackChunkName: "tab-flows" */ './tabFlows');
      await flows.switchTab(listenerApi, payload);
    },
  });

  startListening({
    actionCreator: tabSwitchUndone,
    effect: async ({ payload }, { dispatch }) => {
      dispatch(documentsKept({ tabId: payload.tabId, tab: payload.tab }));
      try {
        await dispatch(api.endpoints.putTabs.initiate({ tab_id: payload.tabId, chosen_tab: payload.tab })).unwrap();
      } catch (error) {
        reportFailure(dispatch, payload.title, error);
        return;
      }
      dispatch(tabSwitched({ tabId: payload.tabId, tab: payload.tab }));
      for (const [key, value] of Object.entries(payload.answers)) dispatch(answerChanged({ key, value }));
    },
  });
}
