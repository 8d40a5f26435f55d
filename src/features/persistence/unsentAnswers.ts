import { UNSENT_ANSWERS_KEPT_DAYS } from '../../kernel/constants';
import type { StudentAnswers } from '../answers';
import { localStore } from './accountStorage';

/**
 * What a session that ended leaves on this device: only the answers of that account that never reached the
 * server (not the whole copy), under a key of their own, until the account's next login here sends them, or
 * UNSENT_ANSWERS_KEPT_DAYS pass. Kept apart from redux-persist's copy, so nothing that copy writes (or purges)
 * can lose them, and nothing of them shows to another account.
 */
const PREFIX = 'admission-unsent:';
const DAY_MS = 86_400_000;

interface UnsentRecord {
  answers: StudentAnswers;
  /** When the last answers were added (ms since the epoch): the record expires this long after. */
  keptAt: number;
}

const recordKey = (account: string) => `${PREFIX}${encodeURIComponent(account)}`;
const isAnswer = (v: unknown): v is string | boolean => typeof v === 'string' || typeof v === 'boolean';

function read(key: string): UnsentRecord | null {
  try {
    const parsed = JSON.parse(localStore()?.getItem(key) ?? 'null') as Partial<UnsentRecord> | null;
    if (!parsed || typeof parsed.answers !== 'object' || parsed.answers === null) return null;
    const answers = Object.fromEntries(Object.entries(parsed.answers).filter(([, v]) => isAnswer(v)));
    return { answers, keptAt: typeof parsed.keptAt === 'number' ? parsed.keptAt : 0 };
  } catch {
    return null; // damaged: nothing to send
  }
}

/** The answers among `values` that were not acknowledged: the dirty keys and their `_desc` companions. */
export function unsentOf(values: StudentAnswers, dirty: readonly string[]): StudentAnswers {
  const unsent: StudentAnswers = {};
  for (const key of dirty) {
    for (const k of [key, `${key}_desc`]) if (isAnswer(values[k])) unsent[k] = values[k];
  }
  return unsent;
}

/** Adds answers to the account's record (newer values win). Nothing is written when there is nothing to keep. */
export function keepUnsent(account: string, answers: StudentAnswers, now = Date.now()) {
  if (Object.keys(answers).length === 0) return;
  const before = read(recordKey(account))?.answers ?? {};
  try {
    localStore()?.setItem(recordKey(account), JSON.stringify({ answers: { ...before, ...answers }, keptAt: now }));
  } catch {
    // Storage full or blocked: the applicant was told their answers could not be kept (syncSlice.storageError).
  }
}

export function readUnsent(account: string): StudentAnswers {
  return read(recordKey(account))?.answers ?? {};
}

/** The answers were sent (or refused and shown): nothing of them stays on the device. */
export function dropUnsent(account: string) {
  localStore()?.removeItem(recordKey(account));
}

/** Deletes every record older than UNSENT_ANSWERS_KEPT_DAYS (at start-up). */
export function expireUnsent(now = Date.now()) {
  const storage = localStore();
  if (!storage) return;
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const key = storage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const record = read(key);
    if (!record || now - record.keptAt > UNSENT_ANSWERS_KEPT_DAYS * DAY_MS) storage.removeItem(key);
  }
}
