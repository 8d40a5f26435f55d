import { userLoggedOut } from '../../shared/events';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { answerChanged, answersCleared } from './answersSlice';

/**
 * The save outbox: which answer keys changed since the last successful save, the server version the
 * answers are based on, and how the last attempt went. Persisted with the answers, so a pending save
 * survives a reload or a closed tab and is sent when the applicant is back (and logged in).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'error' | 'held';

export interface SyncState {
  /** Keys changed locally since the last save the server accepted: these win a merge (two tabs/devices). */
  dirty: string[];
  /** The server's version of the answers this device last saw (If-Match on the next save). */
  version: number | null;
  status: SaveStatus;
  /** Consecutive failed attempts (network or 5xx), for the retry back-off. */
  attempts: number;
  /** The message of a save the server refused (4xx): shown, not retried. */
  error: string | null;
  /** The browser refused to store the answers on this device (quota, private mode): shown as a warning. */
  storageError: string | null;
}

export const initialSyncState: SyncState = {
  dirty: [],
  version: null,
  status: 'saved',
  attempts: 0,
  error: null,
  storageError: null,
};

const addDirty = (state: SyncState, keys: string[]) => {
  for (const key of keys) if (!state.dirty.includes(key)) state.dirty.push(key);
  if (state.status === 'saved' || state.status === 'error') state.status = 'pending';
};

const syncSlice = createSlice({
  name: 'sync',
  initialState: initialSyncState,
  reducers: {
    saveStarted(state) {
      state.status = 'saving';
    },
    /** The server accepted a snapshot; keys changed again while it was in flight stay dirty. */
    saveSucceeded(state, action: PayloadAction<{ version: number; stillDirty: string[] }>) {
      state.version = action.payload.version;
      state.dirty = action.payload.stillDirty;
      state.status = action.payload.stillDirty.length > 0 ? 'pending' : 'saved';
      state.attempts = 0;
      state.error = null;
    },
    /**
     * Kept for a retry, in the state it leaves: 'offline' (no answer), 'pending' (a 5xx, or a merge to save again),
     * 'held' (refused by maintenance mode: kept until it is over, the page showing the maintenance message; what is
     * typed meanwhile stays held).
     */
    saveDeferred(state, action: PayloadAction<'pending' | 'offline' | 'held'>) {
      state.status = action.payload;
      state.attempts += 1;
    },
    /** The server refused the save (4xx): shown, not retried until the next change. */
    saveRefused(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
      state.attempts = 0;
    },
    serverVersionSeen(state, action: PayloadAction<number>) {
      state.version = action.payload;
    },
    /** Answers a logout could not send, found again on this device at the next login: still to be saved. */
    pendingRestored(state, action: PayloadAction<string[]>) {
      addDirty(state, action.payload);
    },
    storageWriteFailed(state, action: PayloadAction<string>) {
      state.storageError = action.payload;
    },
    storageWriteRecovered(state) {
      state.storageError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(answerChanged, (state, action) => addDirty(state, [action.payload.key]))
      .addCase(answersCleared, (state, action) => addDirty(state, action.payload))
      .addCase(userLoggedOut, () => initialSyncState);
  },
});

export const {
  saveStarted,
  saveSucceeded,
  saveDeferred,
  saveRefused,
  serverVersionSeen,
  pendingRestored,
  storageWriteFailed,
  storageWriteRecovered,
} = syncSlice.actions;
export default syncSlice.reducer;
