import type { AppStartListening } from '../../app/store';
import { createAction } from '@reduxjs/toolkit';
import { answersLoaded, type StudentAnswers } from './answersSlice';
import { mergeAnswers } from './merge';
import { saveSucceeded, serverVersionSeen } from './syncSlice';

/** Another tab of this browser saved the answers (BroadcastChannel message). */
export const answersSavedElsewhere = createAction<{ username: string; version: number; answer: StudentAnswers }>(
  'sync/answersSavedElsewhere',
);

const CHANNEL = 'admission-answers';

/**
 * Two tabs of one browser: after a save, a tab tells the others the new answers and version, and each of them
 * takes the server's values for every key it has not changed itself (its own unsaved changes still win), so a
 * tab shows the newer value without a reload and its next save is not a stale one.
 */
export function addCrossTabListeners(startListening: AppStartListening, channel: BroadcastChannel | null) {
  if (!channel) return;
  startListening({
    actionCreator: saveSucceeded,
    effect: (action, { getState }) => {
      const { session, answers } = getState();
      if (!session.username) return;
      channel.postMessage({ username: session.username, version: action.payload.version, answer: answers.values });
    },
  });
  startListening({
    actionCreator: answersSavedElsewhere,
    effect: ({ payload }, { dispatch, getState }) => {
      const { session, sync, answers } = getState();
      if (payload.username !== session.username || (sync.version !== null && payload.version <= sync.version)) return;
      dispatch(answersLoaded(mergeAnswers(payload.answer, answers.values, sync.dirty)));
      dispatch(serverVersionSeen(payload.version));
    },
  });
}

/** The browser's channel between this app's tabs, when it has one (not in old browsers or jsdom). */
export function openCrossTabChannel(onMessage: (data: unknown) => void): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => onMessage(event.data);
  return channel;
}
