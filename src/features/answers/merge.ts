import { descKey, type StudentAnswers } from './answersSlice';

/**
 * Two tabs or devices saved different things (409). The keys this tab changed since its last successful save
 * win (with their _desc companions); every other key takes the server's value. A dirty key deleted here stays
 * deleted.
 */
export function mergeAnswers(server: StudentAnswers, local: StudentAnswers, dirty: readonly string[]): StudentAnswers {
  const merged: StudentAnswers = { ...server };
  for (const key of dirty) {
    for (const k of [key, descKey(key)]) {
      if (k in local) merged[k] = local[k];
      else if (k === key) delete merged[k];
    }
  }
  return merged;
}

/** Keys whose value differs between two answer maps (what changed while a save was in flight). */
export function changedKeys(before: StudentAnswers, after: StudentAnswers): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}
