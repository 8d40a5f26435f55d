import { TEXTAREA_MAX_LENGTH } from '../../../kernel/constants';
import type { InputQuestion } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired } from '../renderer/hooks';
import { useTypedText } from '../renderer/useTypedText';

export const characterCount = (used: number, max: number) => `${used} of ${max} characters used`;

/** A multi-line text with a live character count (SPEC §5: text areas 1500 by default, partner limit 7000). */
export function TextareaQuestion({ question, readOnly }: QuestionProps<InputQuestion>) {
  const { key } = question;
  const max = question.maxLength ?? TEXTAREA_MAX_LENGTH;
  const { value, ref, onChange, onBlur } = useTypedText<HTMLTextAreaElement>(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const countId = `${key}-count`;

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <div className="form-readonly-long">
          <ReadOnlyText value={value} />
        </div>
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell
      id={key}
      label={question.label}
      hint={question.hint}
      messages={messages}
      required={required}
      after={
        <p id={countId} className="form-count" aria-live="polite">
          {characterCount(value.length, max)}
        </p>
      }
    >
      <textarea
        id={key}
        name={key}
        className="form-textarea"
        rows={max > 2000 ? 12 : 6}
        ref={ref}
        defaultValue={value}
        maxLength={max}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages, countId)}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
