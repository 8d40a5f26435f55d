import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WebStatus } from '../../kernel/constants';
import type { Profile } from '../../services/api';
import { deriveWebStatus } from './webStatus';
import { pageChanged, userLoggedIn, userLoggedOut } from '../../shared/events';

/**
 * Where a Submit is: idle, at work (the validation, the save before it, the submit call), or sending again after a
 * submit whose answer did not arrive (the connection dropped). One at a time: a press meanwhile does nothing more.
 */
export type SubmitPhase = 'idle' | 'submitting' | 'retrying';

/** The client snapshot of SPEC §3. */
export interface SessionState {
  username: string | null;
  last_page: string | null;
  /** Count of successful logins, at least 1 once logged in. */
  num_logins: number;
  is_logged_in: boolean;
  is_service_user: boolean;
  has_changed_page: boolean;
  web_status: WebStatus | null;
  /** Whether the profile has been loaded for this session (the last page is restored once, after it). */
  profile_loaded: boolean;
  /** Beyond SPEC §3: the Submit at work, if any (never kept on the device). */
  submit: SubmitPhase;
}

export const initialSessionState: SessionState = {
  username: null,
  last_page: null,
  num_logins: 0,
  is_logged_in: false,
  is_service_user: false,
  has_changed_page: false,
  web_status: null,
  profile_loaded: false,
  submit: 'idle',
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The app started and found the login marker cookie (or not), with the login count it carries. */
    sessionDetected(state, action: PayloadAction<{ isLoggedIn: boolean; numLogins?: number }>) {
      state.is_logged_in = action.payload.isLoggedIn;
      if (action.payload.isLoggedIn && action.payload.numLogins) state.num_logins = action.payload.numLogins;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      const profile = action.payload;
      state.username = profile.username;
      state.last_page = profile.last_page;
      state.num_logins = Math.max(1, profile.successful_login.length);
      state.web_status = deriveWebStatus(profile.web_status);
      state.profile_loaded = true;
    },
    webStatusChanged(state, action: PayloadAction<WebStatus>) {
      state.web_status = action.payload;
    },
    lastPageReported(state, action: PayloadAction<string>) {
      state.last_page = action.payload;
    },
    serviceModeEntered(state) {
      state.is_service_user = true;
    },
    submitStarted(state) {
      state.submit = 'submitting';
    },
    submitRetrying(state) {
      state.submit = 'retrying';
    },
    submitEnded(state) {
      state.submit = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(userLoggedIn, (state, action) => {
        state.is_logged_in = true;
        state.username = action.payload.username;
        state.has_changed_page = false;
        state.profile_loaded = false;
      })
      .addCase(pageChanged, (state) => {
        state.has_changed_page = true;
      })
      .addCase(userLoggedOut, () => initialSessionState);
  },
});

export const {
  sessionDetected,
  profileLoaded,
  webStatusChanged,
  lastPageReported,
  serviceModeEntered,
  submitStarted,
  submitRetrying,
  submitEnded,
} = sessionSlice.actions;
export default sessionSlice.reducer;
