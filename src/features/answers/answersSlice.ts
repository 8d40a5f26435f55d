import { userLoggedOut } from '../../shared/events';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ANSWERED } from '../../kernel/documents/messages';
import { storableText } from '../../kernel/storableText';

export type AnswerValue = string | boolean;
export type StudentAnswers = Record<string, AnswerValue>;

export interface AnswersState {
  values: StudentAnswers;
  /** Per-field validation messages while validating (posted to /api/validations). */
  errors: Record<string, string[]>;
  /**
   * Per-field format and range messages found when the applicant left a field, whatever the status (never
   * required-kind messages, never posted): shown with `errors`, gone once the field is fixed.
   */
  formatErrors?: Record<string, string[]>;
}

const initialState: AnswersState = { values: {}, errors: {}, formatErrors: {} };

/** The companion key holding an option's label (SPEC §3). */
export const descKey = (key: string) => `${key}_desc`;

const answersSlice = createSlice({
  name: 'answers',
  initialState,
  reducers: {
    /** One answer changed; radios and dropdowns also give the chosen option's label for {key}_desc. */
    answerChanged(state, action: PayloadAction<{ key: string; value: AnswerValue; desc?: string }>) {
      const { key, value, desc } = action.payload;
      // Text the server could not store (a null character, half an emoji) would make every later save fail.
      state.values[key] = typeof value === 'string' ? storableText(value) : value;
      if (desc !== undefined) state.values[descKey(key)] = desc;
    },
    /** Answers arrived from the server, a public link or navigation state: they replace what is held. */
    answersLoaded(state, action: PayloadAction<StudentAnswers>) {
      state.values = { ...action.payload };
    },
    /** Hidden sections and tab switches clear their keys (and the _desc companions). */
    answersCleared(state, action: PayloadAction<string[]>) {
      for (const key of action.payload) {
        delete state.values[key];
        delete state.values[descKey(key)];
      }
    },
    /**
     * A document question's mark followed its file (ANSWERED once converted, gone when deleted or failed). The server
     * derives the same mark from its documents, so this is not the applicant's change: nothing to save.
     */
    documentMarked(state, action: PayloadAction<{ key: string; answered: boolean }>) {
      const { key, answered } = action.payload;
      if (answered) state.values[key] = ANSWERED;
      else delete state.values[key];
    },
    validationErrorsChanged(state, action: PayloadAction<Record<string, string[]>>) {
      state.errors = action.payload;
    },
    /** One field's format messages replaced ([] removes them). */
    formatErrorsChanged(state, action: PayloadAction<{ key: string; messages: string[] }>) {
      const { key, messages } = action.payload;
      const formatErrors = (state.formatErrors ??= {});
      if (messages.length > 0) formatErrors[key] = messages;
      else delete formatErrors[key];
    },
    /** The applicant left a field (focus moved away from its control): its format is checked. */
    fieldLeft(_state, _action: PayloadAction<{ key: string }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(userLoggedOut, () => initialState);
  },
});

export const {
  answerChanged,
  answersLoaded,
  answersCleared,
  documentMarked,
  fieldLeft,
  formatErrorsChanged,
  validationErrorsChanged,
} = answersSlice.actions;
export default answersSlice.reducer;

/** Whether the visitor has entered anything (SPEC §2: a logged-out user with answers goes to /signup). */
export const hasAnyAnswer = (values: StudentAnswers) =>
  Object.values(values).some((v) => (typeof v === 'boolean' ? v : v.trim() !== ''));
