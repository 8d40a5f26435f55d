import type { AppDispatch } from '../../../app/store';
import { answerChanged } from '../../answers';
import { questionByKey } from '../../../kernel/form/definition';
import type { LookupQuestion, Question } from '../../../kernel/form/definition/types';
import { loadOptions } from '../renderer/options';

const hasOptions = (q: Question | undefined) => q?.type === 'dropdown' || q?.type === 'radio';
const isDependent = (q: Question | undefined) => q?.type === 'dropdown' && q.optionsFrom !== undefined;

/**
 * Copies a looked-up record's fields to the answer keys the question maps them to (`fills`). Dropdown targets
 * also get their {key}_desc label. Controlling answers (country) go before the dropdowns that depend on them
 * (state), so the form listener does not clear a state that came with its country.
 */
export async function fillFromDetail(
  dispatch: AppDispatch,
  question: LookupQuestion,
  detail: Readonly<Record<string, unknown>>,
): Promise<void> {
  const fills = Object.entries(question.fills)
    .filter(([field]) => typeof detail[field] === 'string')
    .map(([field, key]) => ({ key, value: detail[field] as string, target: questionByKey(key) }));
  if (fills.length === 0) return;
  const answers = Object.fromEntries(fills.map((f) => [f.key, f.value]));
  const options = fills.some((f) => hasOptions(f.target)) ? await loadOptions() : undefined;
  const ordered = [...fills.filter((f) => !isDependent(f.target)), ...fills.filter((f) => isDependent(f.target))];
  for (const { key, value, target } of ordered) {
    const desc =
      options && target && hasOptions(target) && target.key === key
        ? options.optionLabel(target, value, answers)
        : undefined;
    dispatch(answerChanged(desc === undefined ? { key, value } : { key, value, desc }));
  }
}
