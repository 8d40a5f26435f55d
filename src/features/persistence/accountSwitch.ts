import type { StudentAnswers } from '../answers';
import {
  accountsStored,
  currentAccount,
  localStore,
  NOBODY,
  purgeAccount,
  setStorageAccount,
  storageKey,
  VISITOR,
} from './accountStorage';
import { PERSIST_KEY } from './persistConfig';
import { dropUnsent, expireUnsent, keepUnsent, readUnsent, unsentOf } from './unsentAnswers';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses one slice of redux-persist's stored copy (an object of JSON strings), or null. */
function storedSlice(outer: Record<string, unknown>, slice: string): Record<string, unknown> | null {
  try {
    const inner = typeof outer[slice] === 'string' ? JSON.parse(outer[slice] as string) : null;
    return isObject(inner) ? inner : null;
  } catch {
    return null;
  }
}

/**
 * The unsent answers in an account's persisted copy (a tab closed mid-save, or a session that ended while no tab
 * of it was open). A copy from before versioning (a bare answer map, no outbox) counts as wholly unsent.
 */
function unsentInStoredCopy(account: string): StudentAnswers {
  try {
    const outer = JSON.parse(localStore()?.getItem(storageKey(account, `persist:${PERSIST_KEY}`)) ?? 'null');
    if (!isObject(outer)) return {};
    const answers = storedSlice(outer, 'answers');
    const values = (isObject(answers?.values) ? answers.values : (answers ?? {})) as StudentAnswers;
    const dirty = storedSlice(outer, 'sync')?.dirty;
    return unsentOf(values, Array.isArray(dirty) ? dirty.filter((k) => typeof k === 'string') : Object.keys(values));
  } catch {
    return {};
  }
}

/** An account's session is over: its whole copy goes, its unsent answers stay in their own record. */
function keepOnlyUnsent(account: string, unsentInMemory: StudentAnswers) {
  keepUnsent(account, { ...unsentInStoredCopy(account), ...unsentInMemory });
  purgeAccount(account);
}

/**
 * At start-up: only the account this tab is logged in as keeps its whole copy. Any other account's copy (its
 * session ended while no tab was open, e.g. the login cookie expired) is cut down to its unsent answers, and
 * unsent answers older than UNSENT_ANSWERS_KEPT_DAYS are deleted.
 */
export function tidyDevice(accountInUse: string) {
  for (const account of accountsStored()) if (account !== accountInUse) keepOnlyUnsent(account, {});
  expireUnsent();
}

/**
 * Moves this tab's persisted data to `username` at login and returns the answers that account left unsent on
 * this device (a session that ended before they were saved). The visitor's copy is removed, because the visitor's
 * answers now belong to the account (and a shared computer must not keep them).
 */
export function switchToAccount(username: string): StudentAnswers {
  const previous = currentAccount();
  if (previous !== username) {
    keepOnlyUnsent(username, {}); // a stale copy of this account: only what it had not sent counts
    setStorageAccount(username);
    if (previous === VISITOR) purgeAccount(VISITOR);
  }
  return readUnsent(username);
}

/** The unsent answers of `username` were sent, or refused and the applicant told why. */
export const unsentAnswersDelivered = (username: string) => dropUnsent(username);

/**
 * A session ended (logout, idle logout, 401, logout in another tab). What was typed and not acknowledged is kept
 * for the account's next login here; everything else of the account leaves the device. Until the store is
 * cleared (storageReleased), what redux-persist writes goes nowhere.
 */
export function leaveAccount(username: string | null, unsentInMemory: StudentAnswers) {
  const current = currentAccount();
  const account = username ?? (current !== VISITOR && current !== NOBODY ? current : null);
  if (account) keepOnlyUnsent(account, unsentInMemory);
  setStorageAccount(NOBODY);
}

/** The store has been cleared after a session ended: the tab is a visitor's again. */
export const storageReleased = () => setStorageAccount(VISITOR);
