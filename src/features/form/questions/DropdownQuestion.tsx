import { useAppSelector } from '../../../shared/hooks';
import type { DropdownQuestion as DropdownQuestionDef, Option } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { useQuestionOptions } from '../renderer/options';
import { autocompleteFor } from './autocomplete';
import { NativeSelect } from './NativeSelect';
import { BLANK_OPTION } from '../../../kernel/form/options/blank';

/**
 * The choices a select shows: a blank first (so no answer is never shown as the first option; 'Choose…' unless the
 * caller gives another), and the current answer even when the list does not (yet) hold it (a named list still
 * loading, an old value).
 */
export function selectOptions(
  options: readonly Option[] | undefined,
  value: string,
  desc: string,
  blank: Option = BLANK_OPTION,
): readonly Option[] {
  const list = options ?? [];
  const withBlank = list.some((o) => o.value === '') ? list : [blank, ...list];
  if (value === '' || withBlank.some((o) => o.value === value)) return withBlank;
  return [...withBlank, { value, label: desc || value }];
}

/**
 * A native select (NativeSelect). Choosing stores the value and its label in {key}_desc (SPEC §3). A conditional
 * dropdown (optionsFrom) takes its options from the controlling answer; it shows only while that answer has options
 * (the renderer hides it), and the form listener clears it when that answer changes.
 */
export function DropdownQuestion({ question, readOnly }: QuestionProps<DropdownQuestionDef>) {
  const { key } = question;
  const value = useTextAnswer(key);
  const desc = useTextAnswer(`${key}_desc`);
  const controlling = useAppSelector((s) =>
    question.optionsFrom ? s.answers.values[question.optionsFrom.valueKey] : undefined,
  );
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);
  const options = useQuestionOptions(question, controlling);

  if (readOnly) {
    // No answer reads 'Not answered', never the empty option's label.
    const label = value ? desc || options?.find((o) => o.value === value)?.label || value : '';
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={label} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <NativeSelect
        id={key}
        name={key}
        className="form-select"
        value={value}
        options={selectOptions(options, value, desc)}
        onChoose={setAnswer}
        autoComplete={autocompleteFor(key)}
        aria-busy={options === undefined || undefined}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
      />
    </FieldShell>
  );
}
