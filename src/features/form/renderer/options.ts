/**
 * Option lists for radios and dropdowns. Lists written in the definition are used as they are; named sources
 * (countries, states, months, years, entry terms) come from options/, which carries the country and province data
 * (about 20 KB gzip). That module is loaded on its own, right after a form page starts, so it stays out of the
 * page's first download (the /about budget); a dropdown waiting for it shows its current answer until it arrives.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Answers, Option, OptionsSpec, Question } from '../../../kernel/form/definition/types';

export type OptionsModule = typeof import('../../../kernel/form/options');

let loaded: OptionsModule | undefined;
let loading: Promise<OptionsModule> | undefined;

/** Loads options/ once; later calls get the same promise. */
export function loadOptions(): Promise<OptionsModule> {
  loading ??= import(/* webpackChunkName: "form-options" */ '../../../kernel/form/options').then(
    (module) => (loaded = module),
  );
  return loading;
}

/** options/, re-rendering once it arrives. */
export function useOptionsModule(needed = true): OptionsModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module || !needed) return;
    let live = true;
    void loadOptions().then((m) => {
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, [module, needed]);
  return module;
}

const isList = (spec: OptionsSpec): spec is readonly Option[] => Array.isArray(spec);

/**
 * The options a question offers now (see options/optionsFor); undefined while a named source loads. A conditional
 * dropdown passes its controlling answer; a month/year pair says which half.
 */
export function useQuestionOptions(
  question: Question,
  controlling?: Answers[string],
  part?: 'month' | 'year',
): readonly Option[] | undefined {
  const spec =
    question.type === 'radio'
      ? question.options
      : question.type === 'dropdown' && !question.optionsFrom
        ? (question.options ?? [])
        : undefined;
  const staticOptions = spec !== undefined && isList(spec) ? spec : undefined;
  const module = useOptionsModule(staticOptions === undefined);
  return useMemo(() => {
    if (staticOptions) return staticOptions;
    const answers: Answers =
      question.type === 'dropdown' && question.optionsFrom ? { [question.optionsFrom.valueKey]: controlling } : {};
    return module?.optionsFor(question, answers, {}, part);
  }, [staticOptions, module, question, part, controlling]);
}
