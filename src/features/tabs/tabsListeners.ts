import { reportFailure, toastShown } from '../notifications';
import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { answerChanged } from '../answers';
import { documentsDiscarded, documentsKept, selectDocument } from '../documents';
import { FILE_REMOVED_TITLE, fileRemoved } from './messages';
import { holdsFile } from './selectors';
import { tabSwitched, tabSwitchRequested, tabSwitchUndone } from './tabsSlice';

type Flows = typeof import('./tabFlows');
let flows: Flows | undefined;

/**
 * The Tabs listeners. A switch the applicant asked for (and agreed to) is carried out by tabFlows.ts, loaded on
 * first use (this file is in the first download). The Undo in the toast after a switch cleared work: the choice
 * goes back (PUT /api/tabs, as a switch does) and the answers come back as changes, so the outbox saves them; the
 * files were never deleted (the Documents listeners wait), and a file uploaded meanwhile on the tab the Undo leaves
 * goes as on a switch. A failure says so, as a switch's.
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
    effect: async ({ payload }, { dispatch, getState }) => {
      dispatch(documentsKept({ tabId: payload.tabId, tab: payload.tab }));
      try {
        await dispatch(api.endpoints.putTabs.initiate({ tab_id: payload.tabId, chosen_tab: payload.tab })).unwrap();
      } catch (error) {
        reportFailure(dispatch, payload.title, error);
        return;
      }
      // A file uploaded on the tab the Undo leaves (in the Undo's seconds) would stay stored, hidden, with no way to
      // see it: it goes as on any switch (the Documents listeners delete it unless that tab is chosen again in
      // time), and a toast says so.
      const state = getState();
      const { tab: leftTab, documentLabels } = payload.leaves;
      const uploaded = Object.keys(documentLabels).filter((key) => holdsFile(state, key));
      dispatch(tabSwitched({ tabId: payload.tabId, tab: payload.tab }));
      for (const [key, value] of Object.entries(payload.answers)) dispatch(answerChanged({ key, value }));
      if (uploaded.length === 0) return;
      dispatch(documentsDiscarded({ tabId: payload.tabId, fromTab: leftTab, keys: uploaded }));
      dispatch(
        toastShown({
          severity: 'success',
          title: FILE_REMOVED_TITLE,
          message: uploaded
            .map((key) => fileRemoved(selectDocument(state, key).file?.name ?? documentLabels[key]))
            .join(' '),
        }),
      );
    },
  });
}
