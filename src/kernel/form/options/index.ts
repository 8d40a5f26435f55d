/**
 * Option lists (SPEC §3 "Option lists are value/label pairs") and their resolution for a question: static lists
 * come from the definition; named sources (months, years, countries, states, entry terms) are built here, with
 * the clock injectable.
 */
import type { Answers, DropdownQuestion, Option, OptionsSpec, Question } from '../definition/types';
import { countries, countriesWithoutUsa } from './countries';
import { months } from './months';
import { states } from './states';
import { entryTerms } from './terms';
import { years } from './years';

export { BLANK_OPTION, CODE_OVERRIDES, countries, countriesWithoutUsa, countryName, USA, CANADA } from './countries';
export { MONTH_NAMES, months } from './months';
export { ARMED_FORCES, canadianProvinces, states, usStates } from './states';
export { entryTerms } from './terms';
export { years, type YearDirection } from './years';

export interface OptionContext {
  now?: Date;
}

export function resolveOptions(spec: OptionsSpec, { now = new Date() }: OptionContext = {}): readonly Option[] {
  if (Array.isArray(spec)) return spec;
  const source = spec as Exclude<OptionsSpec, readonly Option[]>;
  switch (source.source) {
    case 'months':
      return months();
    case 'years':
      return years(source.numYears, source.direction, now.getFullYear() + (source.startYearOffset ?? 0), now);
    case 'countries':
      return countries();
    case 'countriesWithoutUsa':
      return countriesWithoutUsa();
    case 'states':
      return states(source.country);
    case 'entryTerms':
      return entryTerms(source.count, now);
  }
}

/** A dependent dropdown's options for the current controlling answer (empty when there are none). */
export function dependentOptions(question: DropdownQuestion, answers: Answers, ctx: OptionContext = {}) {
  if (!question.optionsFrom) return resolveOptions(question.options ?? [], ctx);
  const controlling = answers[question.optionsFrom.valueKey];
  const spec = typeof controlling === 'string' ? question.optionsFrom.byValue[controlling] : undefined;
  return spec ? resolveOptions(spec, ctx) : [];
}

/**
 * The options a question offers now. Month/year pairs: pass which half. Questions without options give [].
 */
export function optionsFor(
  question: Question,
  answers: Answers = {},
  ctx: OptionContext = {},
  part?: 'month' | 'year',
): readonly Option[] {
  switch (question.type) {
    case 'radio':
      return resolveOptions(question.options, ctx);
    case 'dropdown':
      return dependentOptions(question, answers, ctx);
    case 'monthYear':
      return part === 'year' ? resolveOptions(question.years, ctx) : months();
    default:
      return [];
  }
}

/** The label of a chosen value: what goes into {key}_desc ('' when the value is not an option). */
export function optionLabel(
  question: Question,
  value: string,
  answers: Answers = {},
  ctx: OptionContext = {},
  part?: 'month' | 'year',
): string {
  return optionsFor(question, answers, ctx, part).find((o) => o.value === value)?.label ?? '';
}
