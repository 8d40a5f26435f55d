import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { userLoggedOut } from '../session/sessionSlice';

/** Add-another mapping: by button id, the count of components shown (default 1, SPEC §3). */
export interface AddAnotherState {
  counts: Record<string, number>;
}

const initialState: AddAnotherState = { counts: {} };

const addAnotherSlice = createSlice({
  name: 'addAnother',
  initialState,
  reducers: {
    addAnotherLoaded(state, action: PayloadAction<Record<string, number>>) {
      state.counts = { ...action.payload };
    },
    componentAdded(state, action: PayloadAction<{ buttonId: string; count: number }>) {
      state.counts[action.payload.buttonId] = action.payload.count;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialState);
  },
});

export const { addAnotherLoaded, componentAdded } = addAnotherSlice.actions;
export default addAnotherSlice.reducer;
