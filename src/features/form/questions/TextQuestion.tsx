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

/** How near its limit a one-line answer is before the field says how many characters are left. */
const COUNT_FROM_LEFT = 10;
export const charactersLeft = (left: number) => `${left} ${left === 1 ? 'character' : 'characters'} left`;

/**
 * A one-line text input (type text or password); at most question.maxLength characters. Uncontrolled: the text
 * reaches the store after the frame that shows it (useTypedText). Near its limit (SPEC §5: 45 by default) a line
 * under it says how many characters are left, so the field never just stops taking keys without a word.
 */
export function TextQuestion({ question, readOnly }: QuestionProps<InputQuestion>) {
  const { key } = question;
  const { value, ref, onChange, onBlur } = useTypedText<HTMLInputElement>(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const isPassword = question.type === 'password';
  const kind = inputKind(question);
  const max = question.maxLength;
  const left = max === undefined || isPassword ? undefined : max - value.length;
  const countId = `${key}-count`;
  const counting = left !== undefined && left <= COUNT_FROM_LEFT;

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={isPassword && value ? '••••••••' : value} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell
      id={key}
      label={question.label}
      hint={kind.hint}
      messages={messages}
      required={required}
      after={
        // Always there (empty until near the limit), so screen readers hear the count as it changes.
        <p id={countId} className="form-count" aria-live="polite">
          {counting ? charactersLeft(left) : ''}
        </p>
      }
    >
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
        aria-describedby={describe(key, kind.hint, messages, ...(counting ? [countId] : []))}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
