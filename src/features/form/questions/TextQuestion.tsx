import type { InputQuestion } from '../../../kernel/form/definition/types';
import { describe, FieldShell, ReadOnlyField, ReadOnlyText, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired } from '../renderer/hooks';
import { useTypedText } from '../renderer/useTypedText';
import { autocompleteFor } from './autocomplete';

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

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ReadOnlyText value={isPassword && value ? '••••••••' : value} />
      </ReadOnlyField>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <input
        id={key}
        name={key}
        type={isPassword ? 'password' : 'text'}
        className="form-input"
        ref={ref}
        defaultValue={value}
        maxLength={question.maxLength}
        autoComplete={isPassword ? 'off' : autocompleteFor(key)}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
