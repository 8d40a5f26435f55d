import type { HTMLAttributes } from 'react';
import type { PhoneQuestion, SsnQuestion } from '../../../kernel/form/definition/types';
import type { Mask } from '../format';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { MaskedInput } from './MaskedInput';

interface MaskedQuestionProps extends QuestionProps<PhoneQuestion | SsnQuestion> {
  mask: Mask;
  className: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete: string;
  /** The input's type: 'tel' for phones (a phone keypad, and the number recognised as one), else text. */
  type?: 'text' | 'tel';
}

/** A question typed through a mask (phone, SSN): the field, its errors and its read-only text in one place. */
export function MaskedQuestion({
  question,
  readOnly,
  mask,
  className,
  inputMode,
  autoComplete,
  type,
}: MaskedQuestionProps) {
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
        mask={mask}
        type={type}
        className={className}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        onValueChange={(next) => setAnswer(next)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
      />
    </FieldShell>
  );
}
