/**
 * The form's side effects (ARCHITECTURE: side effects live in listeners):
 * - after an answer changes or is cleared, answers of questions and sections that became hidden are cleared
 *   (conditions.ts keysToClear: hidden questions, condition groups, conditional dropdowns);
 * - while the application is being validated, the changed field and its dependants are revalidated and their
 *   messages replaced in state.answers.errors; a date is checked on every change (SPEC §5);
 * - a phone's {key}_e164 companion is set or cleared with its typed value (validation.ts phoneCompanionSynced).
 *
 * This file sits in the app's first download (the store registers it), so the form logic and yup are imported
 * on demand: conditions.ts with the definition (already there once a form page is shown), schema.ts when needed.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store';
import { revalidationRequested } from '../../shared/events';
import { selectValidating } from '../../shared/validating';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];
import { answerChanged, answersCleared, fieldLeft, validationErrorsChanged } from '../answers';

interface Logic {
  keysToClear: typeof import('../../kernel/form/conditions').keysToClear;
  controlling: ReadonlySet<string>;
  entryByKey: typeof import('../../kernel/form/definition').entryByKey;
}
type Validation = typeof import('./validation');

let logic: Logic | undefined;
let validation: Validation | undefined;

export async function loadFormLogic(): Promise<Logic> {
  if (!logic) {
    const [conditions, definition] = await Promise.all([
      import(/* webpackChunkName: "form-logic" */ '../../kernel/form/conditions'),
      import(/* webpackChunkName: "form-logic" */ '../../kernel/form/definition'),
    ]);
    logic = {
      keysToClear: conditions.keysToClear,
      controlling: conditions.controllingKeys(),
      entryByKey: definition.entryByKey,
    };
  }
  return logic;
}
const loadValidation = async (): Promise<Validation> =>
  (validation ??= await import(/* webpackChunkName: "form-validation" */ './validation'));

/**
 * An action handled once even when the listener is registered twice (the store's registration and a page's
 * interim one: see FormPage). Listeners see the same action object.
 */
const handled = new WeakSet<object>();

export function addFormListeners(startListening: AppStartListening) {
  const unsubscribeChanges = startListening({
    matcher: isAnyOf(answerChanged, answersCleared),
    effect: async (action, listenerApi) => {
      if (handled.has(action)) return;
      handled.add(action);
      const previous = listenerApi.getOriginalState().answers.values;
      const next = listenerApi.getState().answers.values;
      const changed: readonly string[] = answerChanged.match(action)
        ? [action.payload.key]
        : answersCleared.match(action)
          ? action.payload
          : [];

      // Hidden questions lose their answers. Only keys nobody changed meanwhile (the logic may load first).
      // A keystroke in a key no condition reads cannot hide anything: skip the walk over the whole definition.
      const { keysToClear, controlling, entryByKey } = logic ?? (await loadFormLogic());
      if (changed.some((key) => controlling.has(key))) {
        const current = listenerApi.getState().answers.values;
        const toClear = keysToClear(previous, next).filter((key) => current[key] === next[key]);
        if (toClear.length > 0) listenerApi.dispatch(answersCleared(toClear));
      }

      // A phone's E.164 companion follows its typed value (libphonenumber comes with the validation).
      const phones = changed.filter((key) => entryByKey(key)?.question.type === 'phone');
      if (phones.length > 0) {
        const { phoneCompanionSynced } = validation ?? (await loadValidation());
        for (const key of phones) phoneCompanionSynced(listenerApi, key);
      }

      // While validating every change is checked; before that, dates only.
      const validating = selectValidating(listenerApi.getState());
      const keys = validating ? changed : changed.filter((key) => entryByKey(key)?.question.type === 'date');
      await revalidateKeys(listenerApi, keys);

      // A field flagged for its format is checked again as it is corrected (and cleared ones lose their flag).
      const flagged = listenerApi.getState().answers.formatErrors ?? {};
      const recheck = changed.filter((key) => key in flagged);
      if (recheck.length > 0) (validation ?? (await loadValidation())).recheckFormats(listenerApi, recheck);
    },
  });
  // Leaving a field shows its format and range problems, whatever the status (required ones wait: SPEC §4).
  const unsubscribeLeft = startListening({
    actionCreator: fieldLeft,
    effect: async ({ payload }, listenerApi) => {
      if (handled.has(payload)) return;
      handled.add(payload);
      (validation ?? (await loadValidation())).fieldLeftChecked(listenerApi, payload.key);
    },
  });
  // Answers the server changed (a document's mark): revalidated while validating, as a keystroke would be.
  const unsubscribeRevalidation = startListening({
    actionCreator: revalidationRequested,
    effect: async ({ payload }, listenerApi) => {
      if (handled.has(payload)) return;
      handled.add(payload);
      if (!selectValidating(listenerApi.getState())) return;
      await revalidateKeys(listenerApi, payload.keys);
    },
  });
  return () => {
    unsubscribeChanges();
    unsubscribeRevalidation();
    unsubscribeLeft();
  };
}

/** New messages for `keys` (and the keys whose rules read them) in state.answers.errors. */
async function revalidateKeys(listenerApi: ListenerApi, keys: readonly string[]) {
  if (keys.length === 0) return;
  const { mergeErrors, revalidate } = validation ?? (await loadValidation());
  const state = listenerApi.getState();
  const errors = mergeErrors(state.answers.errors, revalidate(keys, state.answers.values));
  if (errors !== state.answers.errors) listenerApi.dispatch(validationErrorsChanged(errors));
}
