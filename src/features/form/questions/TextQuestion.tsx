import type { InputQuestion } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired } from '../renderer/hooks';
import { useTypedText } from '../renderer/useTypedText';
import { autocompleteFor } from './autocomplete';

/** What a question's rules say of its input: an email keyboard, a number pad, the range in the hint. */
export function inputKind(question: InputQuestion): {
  type: 'text' | 'email' | 'password';
  inputMode?: 'numeric' | 'decimal';
  hint?: string;
} {
  if (question.type === 'password') return { type: 'password', hint: question.hint };
  const rules = question.rules ?? [];
  if (rules.some((rule) => rule.kind === 'email')) return { type: 'email', hint: question.hint };
  const number = rules.find((rule) => rule.kind === 'number');
  if (number?.kind !== 'number') return { type: 'text', hint: question.hint };
  const whole = Number.isInteger(number.min) && Number.isInteger(number.step);
  const range = `${number.min}–${number.max}${number.step !== 1 ? `, in steps of ${number.step}` : ''}`;
  return { type: 'text', inputMode: whole ? 'numeric' : 'decimal', hint: question.hint ?? range };
}

/**
 * A one-line text input (type text or password); at most question.maxLength characters. Uncontrolled: the text
 * reaches the store after the frame that shows it (useTypedText).
 */
export function TextQuestion({ question, readOnly }: QuestionProps<InputQuestion>) {
  const { key } = question;
  const { value, ref, onChange, onBlur } = useTypedText<HTMLInputElement>(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const isPassword = question.type === 'password';
  const kind = inputKind(question);

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={isPassword && value ? '••••••••' : value} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={kind.hint} messages={messages} required={required}>
      <input
        id={key}
        name={key}
        type={kind.type}
        inputMode={kind.inputMode}
        className="form-input"
        ref={ref}
        defaultValue={value}
        maxLength={question.maxLength}
        autoComplete={isPassword ? 'off' : autocompleteFor(key)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, kind.hint, messages)}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
