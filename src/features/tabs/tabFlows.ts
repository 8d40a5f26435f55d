/**
 * A tab switch, carried out (loaded on first use by the Tabs listeners): the choice is saved (PUT /api/tabs),
 * then recorded; the left tab's clear list is cleared; its uploaded files are handed to the Documents listeners,
 * which delete them once the Undo has had its time; and a toast says what went, with Undo. A failure shows an
 * error toast (not for a 401: the session listener handles it) and keeps the tab.
 */
import type { ListenerEffectAPI } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { UNDO_TOAST_MS } from '../../kernel/constants';
import { api } from '../../services/api';
import { answerChanged, answersCleared, descKey, hasAnyAnswer } from '../answers';
import { documentsDiscarded, documentsKept, selectDocument } from '../documents';
import { toastShown, reportFailure } from '../notifications';
import { FILE_REMOVED_TITLE, fileRemoved, TYPED_CLEARED_TITLE, typedCleared, UNDO } from './messages';
import { holdsFile } from './selectors';
import { tabSwitched, tabSwitchFailed, tabSwitchStarted, tabSwitchUndone, type TabSwitch } from './tabsSlice';

type Undo = ReturnType<typeof tabSwitchUndone>['payload'];

type ListenerApi = ListenerEffectAPI<RootState, AppDispatch>;

export async function switchTab({ dispatch, getState }: ListenerApi, request: TabSwitch) {
  const { tabId, from, to, clears, documentLabels } = request;
  dispatch(tabSwitchStarted({ tabId }));
  try {
    await dispatch(api.endpoints.putTabs.initiate({ tab_id: tabId, chosen_tab: to })).unwrap();
  } catch (error) {
    dispatch(tabSwitchFailed({ tabId }));
    reportFailure(dispatch, request.title, error);
    return;
  }
  const state = getState();
  const documentKeys = Object.keys(documentLabels);
  const uploaded = documentKeys.filter((key) => holdsFile(state, key));
  const typed = clears.filter(
    (key) => !documentKeys.includes(key) && hasAnyAnswer({ [key]: state.answers.values[key] ?? '' }),
  );
  // What the clear list removes, with the labels of choices, for the Undo.
  const cleared = Object.fromEntries(
    clears
      .flatMap((key) => [key, descKey(key)])
      .flatMap((key) => {
        const value = state.answers.values[key];
        return value === undefined ? [] : [[key, value]];
      }),
  );
  dispatch(tabSwitched({ tabId, tab: to }));
  dispatch(documentsKept({ tabId, tab: to })); // back to a tab left moments ago: its files stay
  if (clears.length > 0) dispatch(answersCleared(clears));
  if (uploaded.length > 0) dispatch(documentsDiscarded({ tabId, fromTab: from, keys: uploaded }));
  if (typed.length === 0 && uploaded.length === 0) return;
  const files = uploaded.map((key) => fileRemoved(selectDocument(state, key).file?.name ?? documentLabels[key]));
  dispatch(
    toastShown({
      severity: 'success',
      title: typed.length > 0 ? TYPED_CLEARED_TITLE : FILE_REMOVED_TITLE,
      message: [...(typed.length > 0 ? [typedCleared(request.fromLabel)] : []), ...files].join(' '),
      durationMs: UNDO_TOAST_MS,
      action: {
        label: UNDO,
        intent: tabSwitchUndone({
          tabId,
          tab: from,
          answers: cleared,
          title: request.title,
          leaves: { tab: to, documentLabels: request.toDocumentLabels },
        }),
      },
    }),
  );
}

/**
 * The Undo in the toast after a switch cleared work: the choice goes back (PUT /api/tabs, as a switch does) and the
 * answers come back as changes, so the outbox saves them; the files were never deleted (the Documents listeners
 * wait). A failure says so, as a switch's.
 */
export async function undoSwitch({ dispatch, getState }: ListenerApi, payload: Undo) {
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
}
