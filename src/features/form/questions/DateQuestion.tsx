import type { InputQuestion } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { autocompleteFor } from './autocomplete';
import { displayDate } from '../../../kernel/form/display';

/**
 * A native date input; the answer is ISO YYYY-MM-DD. It is validated on every change (SPEC §5 "Dates validated on
 * change"): the form listener checks a changed date even before the application is being validated.
 */
export function DateQuestion({ question, readOnly }: QuestionProps<InputQuestion>) {
  const { key } = question;
  const value = useTextAnswer(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={displayDate(value)} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <input
        id={key}
        name={key}
        type="date"
        className="form-input form-input-date"
        value={value}
        autoComplete={autocompleteFor(key)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
        onChange={(event) => setAnswer(event.target.value)}
      />
    </FieldShell>
  );
}
