import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { UNDO_TOAST_MS } from '../../kernel/constants';
import { reportFailure, toastShown } from '../notifications';
import { answerChanged, answersCleared } from '../answers';
import type { AppDispatch } from '../../app/store';
import {
  componentAdded,
  ENTRY_REMOVED_TITLE,
  entryAddFailed,
  entryAddRequested,
  entryAddStarted,
  entryRemoved,
  entryRemoveRequested,
  entryRemoveUndone,
  UNDO_REMOVE,
  type EntryAnswers,
} from './addAnotherSlice';

/** Answers as changes (so the outbox saves them): values set, nulls cleared. */
function applyAnswers(dispatch: AppDispatch, answers: EntryAnswers) {
  const cleared = Object.keys(answers).filter((key) => answers[key] === null);
  for (const [key, value] of Object.entries(answers)) {
    if (value !== null) dispatch(answerChanged({ key, value }));
  }
  if (cleared.length > 0) dispatch(answersCleared(cleared));
}

/** Stores a new count (PUT /api/add-another); false, with the error toast, when that failed. */
async function storeCount(dispatch: AppDispatch, buttonId: string, count: number, title: string) {
  try {
    await dispatch(api.endpoints.putAddAnother.initiate({ button_id: buttonId, num_components: count })).unwrap();
    return true;
  } catch (error) {
    reportFailure(dispatch, title, error);
    return false;
  }
}

/**
 * 'Add another' (SPEC §4): the new count is stored (PUT /api/add-another), then the entry shows. A failure shows
 * the error toast titled `title` (not for a 401: the session listener handles it) and shows nothing new.
 */
export function addAddAnotherListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: entryAddRequested,
    effect: async ({ payload: { buttonId, count, title } }, { dispatch }) => {
      dispatch(entryAddStarted({ buttonId }));
      try {
        await dispatch(api.endpoints.putAddAnother.initiate({ button_id: buttonId, num_components: count })).unwrap();
      } catch (error) {
        dispatch(entryAddFailed({ buttonId }));
        reportFailure(dispatch, title, error);
        return;
      }
      dispatch(componentAdded({ buttonId, count }));
    },
  });

  // Removing an entry: the count goes down, later entries move up, and Undo puts everything back.
  startListening({
    actionCreator: entryRemoveRequested,
    effect: async ({ payload }, { dispatch }) => {
      const { buttonId, count, answers, undo, entryName, title } = payload;
      if (!(await storeCount(dispatch, buttonId, count, title))) return;
      dispatch(componentAdded({ buttonId, count }));
      applyAnswers(dispatch, answers);
      dispatch(
        toastShown({
          severity: 'success',
          title: ENTRY_REMOVED_TITLE,
          message: entryRemoved(entryName),
          durationMs: UNDO_TOAST_MS,
          action: {
            label: UNDO_REMOVE,
            intent: entryRemoveUndone({ buttonId, count: count + 1, answers: undo, title }),
          },
        }),
      );
    },
  });
  startListening({
    actionCreator: entryRemoveUndone,
    effect: async ({ payload }, { dispatch }) => {
      const { buttonId, count, answers, title } = payload;
      if (!(await storeCount(dispatch, buttonId, count, title))) return;
      dispatch(componentAdded({ buttonId, count }));
      applyAnswers(dispatch, answers);
    },
  });
}
