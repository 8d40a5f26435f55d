import type { SsnQuestion as SsnQuestionDef } from '../definition/types';
import { SSN_MASK } from '../format';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { MaskedInput } from './MaskedInput';

/** A U.S. Social Security number, formatted 3-2-4 with hyphens while typed (SPEC §3). */
export function SsnQuestion({ question, readOnly }: QuestionProps<SsnQuestionDef>) {
  const { key } = question;
  const value = useTextAnswer(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={value} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <MaskedInput
        id={key}
        name={key}
        mask={SSN_MASK}
        className="form-input form-input-ssn"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onValueChange={(next) => setAnswer(next)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
      />
    </FieldShell>
  );
}
