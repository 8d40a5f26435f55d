import type { ReactNode } from 'react';
import { describe, ErrorText, Hint, RequiredMark } from '../renderer/Field';

interface CheckboxFieldProps {
  fieldKey: string;
  label: string;
  hint?: string;
  required: boolean;
  messages: readonly string[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown after the hint (a confirmation's revealed content). */
  children?: ReactNode;
}

/** One checkbox with its label, hint and errors: the checkbox question and the checkbox confirmation. */
export function CheckboxField({
  fieldKey,
  label,
  hint,
  required,
  messages,
  checked,
  onChange,
  children,
}: CheckboxFieldProps) {
  return (
    <div className={messages.length > 0 ? 'form-field form-field-invalid' : 'form-field'}>
      <ErrorText id={fieldKey} messages={messages} />
      <div className="form-choice">
        <input
          id={fieldKey}
          name={fieldKey}
          type="checkbox"
          checked={checked}
          aria-required={required || undefined}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describe(fieldKey, hint, messages)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={fieldKey}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
      <Hint id={fieldKey} hint={hint} />
      {children}
    </div>
  );
}
