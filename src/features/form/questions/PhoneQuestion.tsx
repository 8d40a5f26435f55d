import type { PhoneQuestion as PhoneQuestionDef } from '../definition/types';
import { PHONE_MASK } from '../format';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { autocompleteFor } from './autocomplete';
import { MaskedInput } from './MaskedInput';

/** A U.S. phone number that formats itself as (xxx) xxx-xxxx while typed (SPEC §5 "Phone inputs auto-format"). */
export function PhoneQuestion({ question, readOnly }: QuestionProps<PhoneQuestionDef>) {
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
        mask={PHONE_MASK}
        className="form-input form-input-phone"
        inputMode="tel"
        autoComplete={autocompleteFor(key) ?? 'off'}
        value={value}
        onValueChange={(next) => setAnswer(next)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
      />
    </FieldShell>
  );
}
