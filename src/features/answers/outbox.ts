import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import { MAINTENANCE_CODE } from '../../kernel/serviceStatus/rules';
import { answersLoaded } from './answersSlice';
import { changedKeys, mergeAnswers } from './merge';
import { saveDeferred, saveRefused, saveStarted, saveSucceeded, serverVersionSeen } from './syncSlice';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/** How a flush ended: saved (or nothing to save), deferred (kept for a retry), refused (4xx), or logged out. */
export type FlushResult = 'saved' | 'deferred' | 'refused' | 'unauthorized';

const isTransient = (error: ApiError) => typeof error.status !== 'number' || error.status >= 500;
const isOffline = (error: ApiError) =>
  typeof error.status !== 'number' &&
  (typeof navigator === 'undefined' || !navigator.onLine || error.status === 'FETCH_ERROR');

/**
 * Sends the answers if anything changed since the last save. One save at a time: a call while one is in
 * flight waits for it. A 409 (another tab or device saved first) merges — this tab's changed keys win — and
 * saves again. Network failures and 5xx keep everything and report 'deferred'; the retry listener tries again
 * (maintenance mode's 503 holds them: see outboxListeners.ts).
 */
export async function flushAnswers(listenerApi: ListenerApi, attempt = 0): Promise<FlushResult> {
  const { dispatch, getState, condition } = listenerApi;
  if (getState().sync.status === 'saving') {
    await condition((_action, state) => state.sync.status !== 'saving', 30_000);
  }
  const { session, sync, answers } = getState();
  if (!session.is_logged_in) return 'saved';
  if (sync.dirty.length === 0 && sync.status !== 'offline') return 'saved';
  const snapshot = answers.values;
  dispatch(saveStarted());
  try {
    const result = await dispatch(
      api.endpoints.putAnswer.initiate({ answer: snapshot, version: sync.version }),
    ).unwrap();
    const now = getState().answers.values;
    // Keys typed while the save was in flight stay dirty for the next save.
    dispatch(saveSucceeded({ version: result.version, stillDirty: changedKeys(snapshot, now) }));
    return 'saved';
  } catch (caught) {
    const error = caught as ApiError;
    if (endedTheSession(error)) {
      dispatch(saveDeferred('pending'));
      return 'unauthorized';
    }
    const conflict = error.data as
      { code?: string; answer?: Record<string, string | boolean>; version?: number } | undefined;
    if (error.status === 409 && conflict?.code === 'VersionConflict' && conflict.answer && attempt < 3) {
      const state = getState();
      dispatch(answersLoaded(mergeAnswers(conflict.answer, state.answers.values, state.sync.dirty)));
      dispatch(serverVersionSeen(conflict.version ?? 0));
      dispatch(saveDeferred('pending'));
      return flushAnswers(listenerApi, attempt + 1);
    }
    if (isTransient(error)) {
      dispatch(saveDeferred(error.code === MAINTENANCE_CODE ? 'held' : isOffline(error) ? 'offline' : 'pending'));
      return 'deferred';
    }
    dispatch(saveRefused(error.message));
    return 'refused';
  }
}
