import { userLoggedOut } from '../../shared/events';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Add-another mapping: by button id, the count of components shown (default 1, SPEC §3); and adds being saved. */
export interface AddAnotherState {
  counts: Record<string, number>;
  /** Not kept on the device (persistConfig.ts restores `counts` only), so it may be missing. */
  adding?: Record<string, boolean>;
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
      if (state.adding) delete state.adding[action.payload.buttonId];
    },
    entryAddStarted(state, action: PayloadAction<{ buttonId: string }>) {
      (state.adding ??= {})[action.payload.buttonId] = true;
    },
    entryAddFailed(state, action: PayloadAction<{ buttonId: string }>) {
      if (state.adding) delete state.adding[action.payload.buttonId];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialState);
  },
});

export const { addAnotherLoaded, componentAdded, entryAddStarted, entryAddFailed } = addAnotherSlice.actions;

/** 'Add another' pressed: entry `count` of `buttonId` is stored, then shown (addAnotherListeners.ts). */
export const entryAddRequested = createAction<{ buttonId: string; count: number; title: string }>(
  'addAnother/entryAddRequested',
);
/** Answers to put back or clear: a value, or null for a key to clear. */
export type EntryAnswers = Record<string, string | boolean | null>;

/**
 * 'Remove' pressed on entry `number` (1-based) of those shown, whose answer keys are `keys` (one list per entry, in
 * the same order): the count goes down (stored first), the later entries move up and a toast offers Undo.
 */
export const entryRemoveRequested = createAction<{
  buttonId: string;
  number: number;
  keys: string[][];
  /** "Activity 2", for the toast. */
  entryName: string;
  /** The error toast's title if storing the count fails. */
  title: string;
}>('addAnother/entryRemoveRequested');

/** The removal's Undo: the count and the answers as they were. */
export const entryRemoveUndone = createAction<{
  buttonId: string;
  count: number;
  answers: EntryAnswers;
  title: string;
}>('addAnother/entryRemoveUndone');

export default addAnotherSlice.reducer;
