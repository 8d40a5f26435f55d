import { userLoggedOut } from '../../shared/events';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentAnswers } from '../answers';

/** Tabs mapping: by tab group id, the chosen tab (SPEC §3); and the groups whose switch is being saved. */
export interface TabsState {
  chosen: Record<string, string>;
  /** Not kept on the device (persistConfig.ts restores `chosen` only), so it may be missing. */
  switching?: Record<string, boolean>;
}

const initialState: TabsState = { chosen: {} };

/**
 * A switch of tab group `tabId` from `from` to `to`, once the applicant agreed to what it clears (tabFlows.ts
 * carries it out). The data of the tabs question it needs travels with it, so the flow needs no definition:
 * the left tab's clear list, its document questions with their labels, the tab's label and the question's
 * error title.
 */
export interface TabSwitch {
  tabId: string;
  from: string;
  to: string;
  fromLabel: string;
  title: string;
  clears: string[];
  /** The document questions of the tab left (`from`), by key: their labels. */
  documentLabels: Record<string, string>;
  /** The document questions of the tab chosen (`to`): what its Undo leaves, should a file be uploaded meanwhile. */
  toDocumentLabels: Record<string, string>;
}

const tabsSlice = createSlice({
  name: 'tabs',
  initialState,
  reducers: {
    tabsLoaded(state, action: PayloadAction<Record<string, string>>) {
      state.chosen = { ...action.payload };
    },
    /** The choice is recorded, and the group's switch is over in the same update (a click right after counts). */
    tabSwitched(state, action: PayloadAction<{ tabId: string; tab: string }>) {
      state.chosen[action.payload.tabId] = action.payload.tab;
      if (state.switching) delete state.switching[action.payload.tabId];
    },
    tabSwitchStarted(state, action: PayloadAction<{ tabId: string }>) {
      (state.switching ??= {})[action.payload.tabId] = true;
    },
    tabSwitchFailed(state, action: PayloadAction<{ tabId: string }>) {
      if (state.switching) delete state.switching[action.payload.tabId];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialState);
  },
});

export const { tabsLoaded, tabSwitched, tabSwitchStarted, tabSwitchFailed } = tabsSlice.actions;
export const tabSwitchRequested = createAction<TabSwitch>('tabs/switchRequested');
export default tabsSlice.reducer;

/**
 * Undo of a tab switch that cleared work: back to `tab`, with `answers` as they were (the files it left are kept
 * by the Documents listeners). `title` names the tabs question in an error toast. `leaves` is the tab the Undo
 * leaves in turn, with its document questions: a file uploaded there meanwhile goes, as on any switch.
 */
export const tabSwitchUndone = createAction<{
  tabId: string;
  tab: string;
  answers: StudentAnswers;
  title: string;
  leaves: { tab: string; documentLabels: Record<string, string> };
}>('tabs/switchUndone');
