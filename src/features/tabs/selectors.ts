import type { RootState } from '../../app/store';
import { hasAnyAnswer } from '../answers';
import { isBusy, selectDocument } from '../documents';
import { ANSWERED } from '../../kernel/documents/messages';
import type { TabSwitch } from './tabsSlice';

/** Whether a switch of this tab group is being saved. */
export const selectSwitching = (state: RootState, tabId: string) => state.tabs.switching?.[tabId] ?? false;

/** Whether a document question holds an uploaded file (its ANSWERED mark, or the file itself). */
export const holdsFile = (state: RootState, key: string) =>
  state.answers.values[key] === ANSWERED || selectDocument(state, key).file !== null;

/**
 * What a switch would do to the applicant's work (SPEC §4 Tabs, and the journey issue: never silently):
 * `blocked` while an upload of the left tab is under way (the 'File Upload in Progress' dialog); otherwise whether
 * it clears something typed and which uploaded files it deletes (the names asked about).
 */
export function switchVerdict(state: RootState, request: TabSwitch) {
  const documentKeys = Object.keys(request.documentLabels);
  const blocked = documentKeys.some((key) => isBusy(selectDocument(state, key)));
  // Typed answers only: a document question's ANSWERED mark is its uploaded file (asked about as such).
  const typed = request.clears.some(
    (key) => !documentKeys.includes(key) && hasAnyAnswer({ [key]: state.answers.values[key] ?? '' }),
  );
  const files = documentKeys
    .filter((key) => holdsFile(state, key))
    .map((key) => selectDocument(state, key).file?.name ?? request.documentLabels[key]);
  return { blocked, typed, files };
}
