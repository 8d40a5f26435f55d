/**
 * Small constructors for the definition: they fill the spec's defaults (text 45 characters, text area 1500) so
 * each declaration states only what is particular to its question. The results are plain data.
 */
import { INPUT_MAX_LENGTH, TEXTAREA_MAX_LENGTH } from '../../constants';
import type {
  CheckboxGroupQuestion,
  CheckboxQuestion,
  Condition,
  ConditionScalar,
  ConfirmationQuestion,
  ContentQuestion,
  DocumentQuestion,
  DropdownQuestion,
  InputQuestion,
  LookupQuestion,
  MonthYearQuestion,
  Option,
  OptionSource,
  OptionsSpec,
  PhoneQuestion,
  RadioQuestion,
} from './types';

/** SPEC §3: Yes/No options use Y and N. */
export const YES_NO: readonly Option[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

export const equals = (valueKey: string, target: ConditionScalar): Condition => ({
  valueKey,
  operator: 'equals',
  target,
});
export const notEquals = (valueKey: string, target: ConditionScalar): Condition => ({
  valueKey,
  operator: 'notEquals',
  target,
});
export const isIn = (valueKey: string, target: readonly ConditionScalar[]): Condition => ({
  valueKey,
  operator: 'in',
  target,
});
export const answered = (valueKey: string): Condition => ({ valueKey, operator: 'answered' });
export const notAnswered = (valueKey: string): Condition => ({ valueKey, operator: 'notAnswered' });

/** Options whose value is their label (titles, prefixes). */
export const labelled = (...labels: string[]): readonly Option[] => labels.map((label) => ({ value: label, label }));

export const years = (
  numYears: number,
  direction: 'past' | 'future',
  startYearOffset?: number,
): Extract<OptionSource, { source: 'years' }> => ({
  source: 'years',
  numYears,
  direction,
  ...(startYearOffset === undefined ? {} : { startYearOffset }),
});

type Extra<Q> = Partial<Omit<Q, 'type' | 'key' | 'label'>>;

export const text = (key: string, label: string, extra: Extra<InputQuestion> = {}): InputQuestion => ({
  type: 'text',
  key,
  label,
  maxLength: INPUT_MAX_LENGTH,
  ...extra,
});

export const textarea = (key: string, label: string, extra: Extra<InputQuestion> = {}): InputQuestion => ({
  type: 'textarea',
  key,
  label,
  maxLength: TEXTAREA_MAX_LENGTH,
  ...extra,
});

/** A date input; the answer is ISO YYYY-MM-DD. */
export const date = (key: string, label: string, extra: Extra<InputQuestion> = {}): InputQuestion => ({
  type: 'date',
  key,
  label,
  ...extra,
});

export const radio = (
  key: string,
  label: string,
  options: OptionsSpec,
  extra: Extra<RadioQuestion> = {},
): RadioQuestion => ({ type: 'radio', key, label, options, ...extra });

export const yesNo = (key: string, label: string, extra: Extra<RadioQuestion> = {}): RadioQuestion =>
  radio(key, label, YES_NO, extra);

export const dropdown = (
  key: string,
  label: string,
  options: OptionsSpec,
  extra: Extra<DropdownQuestion> = {},
): DropdownQuestion => ({ type: 'dropdown', key, label, options, ...extra });

/** A conditional dropdown of the displayAndOptions category: options by the answer at valueKey. */
export const dependentDropdown = (
  key: string,
  label: string,
  valueKey: string,
  byValue: Readonly<Record<string, OptionsSpec>>,
  extra: Extra<DropdownQuestion> = {},
): DropdownQuestion => ({ type: 'dropdown', key, label, optionsFrom: { valueKey, byValue }, ...extra });

export const checkbox = (key: string, label: string, extra: Extra<CheckboxQuestion> = {}): CheckboxQuestion => ({
  type: 'checkbox',
  key,
  label,
  ...extra,
});

export const checkboxGroup = (
  key: string,
  label: string,
  options: readonly { key: string; label: string }[],
  extra: Extra<CheckboxGroupQuestion> = {},
): CheckboxGroupQuestion => ({ type: 'checkboxGroup', key, label, options, ...extra });

/** A month/year pair whose answer keys are {prefix}_month and {prefix}_year; `prefix` is the anchor. */
export const monthYear = (
  prefix: string,
  label: string,
  yearOptions: MonthYearQuestion['years'],
  extra: Extra<MonthYearQuestion> = {},
): MonthYearQuestion => ({
  type: 'monthYear',
  key: prefix,
  label,
  monthKey: `${prefix}_month`,
  yearKey: `${prefix}_year`,
  years: yearOptions,
  ...extra,
});

export const phone = (key: string, label: string, extra: Extra<PhoneQuestion> = {}): PhoneQuestion => ({
  type: 'phone',
  key,
  label,
  ...extra,
});

export const lookup = (
  key: string,
  label: string,
  spec: Pick<LookupQuestion, 'category' | 'fills' | 'labelKey'>,
  extra: Extra<LookupQuestion> = {},
): LookupQuestion => ({ type: 'lookup', key, label, ...spec, ...extra });

export const confirmation = (
  key: string,
  label: string,
  reveals: string,
  extra: Extra<ConfirmationQuestion> = {},
): ConfirmationQuestion => ({ type: 'confirmation', key, label, variant: 'checkbox', reveals, ...extra });

export const documentUpload = (key: string, label: string, extra: Extra<DocumentQuestion> = {}): DocumentQuestion => ({
  type: 'document',
  key,
  label,
  ...extra,
});

export const content = (key: string, textValue: string, extra: Partial<Omit<ContentQuestion, 'type' | 'key'>> = {}) =>
  ({ type: 'content', key, text: textValue, ...extra }) satisfies ContentQuestion;
