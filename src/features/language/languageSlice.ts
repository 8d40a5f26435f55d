import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from '../../kernel/i18n/languages';

/**
 * The applicant's language. `chosen` is what they asked for (the switch, their stored choice, their browser's
 * preference on a first visit); `active` is what the pages show, once that language's catalogue is in. Codes only:
 * the words live in the catalogues (DevTools time travel replays a switch by its code).
 */
export interface LanguageState {
  chosen: Language;
  active: Language;
  /** The last chosen language's catalogue could not be downloaded (offline): the switch says so. */
  failed: boolean;
}

const initialState: LanguageState = { chosen: DEFAULT_LANGUAGE, active: DEFAULT_LANGUAGE, failed: false };

const languageSlice = createSlice({
  name: 'language',
  initialState,
  reducers: {
    /** The switch was pressed, or the start-up found a stored or preferred language. */
    languageChosen(state, action: PayloadAction<Language>) {
      state.chosen = action.payload;
      state.failed = false;
    },
    /** Its catalogue is in and active: the pages re-render in it. */
    languageActivated(state, action: PayloadAction<Language>) {
      state.active = action.payload;
      state.chosen = action.payload;
    },
    /** Its catalogue did not arrive: the page stays in the language it was in. */
    languageFailed(state) {
      state.chosen = state.active;
      state.failed = true;
    },
  },
});

type WithLanguage = { language: LanguageState };
export const selectLanguage = (state: WithLanguage) => state.language.active;

export const { languageChosen, languageActivated, languageFailed } = languageSlice.actions;
export default languageSlice.reducer;
