import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
