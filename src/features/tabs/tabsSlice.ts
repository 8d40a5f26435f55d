import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentAnswers } from '../answers/answersSlice';
import { userLoggedOut } from '../session/sessionSlice';

/** Tabs mapping: by tab group id, the chosen tab (SPEC §3). */
export interface TabsState {
  chosen: Record<string, string>;
}

const initialState: TabsState = { chosen: {} };

const tabsSlice = createSlice({
  name: 'tabs',
  initialState,
  reducers: {
    tabsLoaded(state, action: PayloadAction<Record<string, string>>) {
      state.chosen = { ...action.payload };
    },
    tabSwitched(state, action: PayloadAction<{ tabId: string; tab: string }>) {
      state.chosen[action.payload.tabId] = action.payload.tab;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialState);
  },
});

export const { tabsLoaded, tabSwitched } = tabsSlice.actions;
export default tabsSlice.reducer;

/**
 * Undo of a tab switch that cleared work: back to `tab`, with `answers` as they were (the files it left are kept
 * by the Documents listeners). `title` names the tabs question in an error toast.
 */
export const tabSwitchUndone = createAction<{ tabId: string; tab: string; answers: StudentAnswers; title: string }>(
  'tabs/switchUndone',
);
