/**
 * Removing an add-another entry (loaded on first use by the Add-another listeners): the new count is stored
 * (PUT /api/add-another), then the later entries move up as answer changes (so the outbox saves them) and a toast
 * offers Undo for UNDO_TOAST_MS, which stores the count and puts the answers back. A failure shows the error toast.
 */
import type { AppDispatch, RootState } from '../../app/store';
import { UNDO_TOAST_MS } from '../../kernel/constants';
import { api } from '../../services/api';
import { answerChanged, answersCleared } from '../answers';
import { reportFailure, toastShown } from '../notifications';
import { componentAdded, entryRemoveRequested, entryRemoveUndone, type EntryAnswers } from './addAnotherSlice';

export const ENTRY_REMOVED_TITLE = 'Entry removed';
export const entryRemoved = (name: string) => `${name} and its answers were removed.`;
const UNDO_REMOVE = 'Undo';

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

/** Each entry's keys from `number` on take the next entry's values (labels too); the last one's are cleared. */
export function shiftedAnswers(values: Readonly<Record<string, string | boolean>>, keys: string[][], number: number) {
  const withDesc = (list: string[]) => list.flatMap((key) => [key, `${key}_desc`]);
  const answers: EntryAnswers = {};
  const undo: EntryAnswers = {};
  for (let i = number - 1; i < keys.length; i++) {
    const own = withDesc(keys[i]!);
    const next = i + 1 < keys.length ? withDesc(keys[i + 1]!) : null;
    own.forEach((key, k) => {
      undo[key] = values[key] ?? null;
      answers[key] = next ? (values[next[k]!] ?? null) : null;
    });
  }
  return { answers, undo };
}

export async function removeEntry(
  { dispatch, getState }: { dispatch: AppDispatch; getState: () => RootState },
  payload: ReturnType<typeof entryRemoveRequested>['payload'],
) {
  const { buttonId, keys, number, entryName, title } = payload;
  const count = keys.length - 1;
  const { answers, undo } = shiftedAnswers(getState().answers.values, keys, number);
  if (!(await storeCount(dispatch, buttonId, count, title))) return;
  dispatch(componentAdded({ buttonId, count }));
  applyAnswers(dispatch, answers);
  dispatch(
    toastShown({
      severity: 'success',
      title: ENTRY_REMOVED_TITLE,
      message: entryRemoved(entryName),
      durationMs: UNDO_TOAST_MS,
      action: { label: UNDO_REMOVE, intent: entryRemoveUndone({ buttonId, count: count + 1, answers: undo, title }) },
    }),
  );
}

export async function undoRemoval(dispatch: AppDispatch, payload: ReturnType<typeof entryRemoveUndone>['payload']) {
  const { buttonId, count, answers, title } = payload;
  if (!(await storeCount(dispatch, buttonId, count, title))) return;
  dispatch(componentAdded({ buttonId, count }));
  applyAnswers(dispatch, answers);
}
