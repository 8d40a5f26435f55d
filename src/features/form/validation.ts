/**
 * The application's validation for the app: the whole application at submit, and one change at a time while
 * validating. It wraps schema.ts (yup), so it is loaded on demand (import()) by the listeners that need it, never
 * in a page's first download.
 */
import { validateAnswers, validateField, validateFormat, type ValidationErrors } from './schema';
import { entryByKey } from '../../kernel/form/definition';
import { e164Key } from '../../kernel/form/phones';
import { answerChanged, answersCleared, formatErrorsChanged } from '../answers';
import { internationalE164 } from './phoneNumbers';
import type { AppDispatch, RootState } from '../../app/store';
import type { Answers } from '../../kernel/form/definition/types';

export type { ValidationErrors };
export { validateFormats } from './schema';

/**
 * Every problem of the whole application, by answer key (SPEC §5): only questions that show are checked; all
 * messages of a field, without duplicates. An empty object means the application can be submitted.
 */
export function validateApplication(answers: Answers, now?: Date): Record<string, string[]> {
  return validateAnswers(answers, { now });
}

/**
 * The messages after `keys` changed: each key and the keys that depend on it, every one present ([] = no problem),
 * so the caller replaces exactly those keys' messages.
 */
export function revalidate(keys: readonly string[], answers: Answers, now?: Date): ValidationErrors {
  const result: ValidationErrors = {};
  for (const key of keys) Object.assign(result, validateField(key, answers, { now }));
  return result;
}

const sameMessages = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * The errors map with the revalidated keys replaced (removed when they have no message). Untouched keys keep
 * their arrays, and the same map comes back when nothing changed, so no field re-renders for nothing.
 */
export function mergeErrors(
  current: Readonly<Record<string, string[]>>,
  revalidated: ValidationErrors,
): Record<string, string[]> {
  let next: Record<string, string[]> | undefined;
  for (const [key, messages] of Object.entries(revalidated)) {
    if (messages.length === 0) {
      if (key in current) {
        next ??= { ...current };
        delete next[key];
      }
    } else if (!sameMessages(current[key], messages)) {
      next ??= { ...current };
      next[key] = messages;
    }
  }
  return next ?? (current as Record<string, string[]>);
}

interface StoreApi {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/** The format messages of `keys` replaced in state.answers.formatErrors (what a field shows once left). */
export function recheckFormats({ dispatch, getState }: StoreApi, keys: readonly string[]) {
  for (const key of keys) {
    const state = getState().answers;
    const messages = validateFormat(key, state.values);
    const current = state.formatErrors?.[key] ?? [];
    if (messages.join('\n') !== current.join('\n')) dispatch(formatErrorsChanged({ key, messages }));
  }
}

/** A field was left: its format is checked (a month/year pair's two keys together). */
export function fieldLeftChecked(api: StoreApi, key: string) {
  const entry = entryByKey(key);
  if (entry) recheckFormats(api, entry.question.type === 'monthYear' ? entry.answerKeys : [key]);
}

/**
 * A phone's {key}_e164 companion follows what was typed: the E.164 form of a valid international number ('+52 55
 * 1234 5678' → '+525512345678'), else no companion (a U.S. number, a bad or emptied one). It is an answer like any
 * other, so the outbox saves it with the typed value.
 */
export function phoneCompanionSynced({ dispatch, getState }: StoreApi, key: string) {
  const values = getState().answers.values;
  const typed = values[key];
  const e164 = typeof typed === 'string' ? internationalE164(typed) : null;
  const companion = e164Key(key);
  if (e164 !== null) {
    if (values[companion] !== e164) dispatch(answerChanged({ key: companion, value: e164 }));
  } else if (companion in values) dispatch(answersCleared([companion]));
}
