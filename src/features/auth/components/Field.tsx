import { useId, useState, type HTMLAttributes } from 'react';
import { useField, useFormikContext } from 'formik';
import { CrossIcon } from './icons';
import { Button } from './Button';
import { useT } from '../../language';

export interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Ids of other elements that describe the input (a hint, a requirement list). */
  describedBy?: string;
  /** Shown instead of the schema's message (the login card's resend check). */
  errorOverride?: string;
  /**
   * false: the error is shown elsewhere (the password requirement lines), so only aria-invalid is set here and
   * the description points at those lines.
   */
  showErrorText?: boolean;
  /** Applied to what is typed, pasted or autofilled before it reaches the form values. */
  normalise?: (value: string) => string;
  /** Called with the field's id, so a page can point at it (a skip link, a focus call). */
  id?: string;
}

/**
 * A labelled input bound to formik. The label is a real <label for>, the error appears under the field once the
 * field was visited or the form submitted, is announced (role="alert"), and is linked with aria-describedby;
 * aria-invalid marks the input. Passwords get a Show/Hide button (keyboard reachable; its name says which field).
 */
export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  describedBy,
  errorOverride,
  showErrorText = true,
  normalise,
  id: givenId,
}: FieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const generatedId = useId();
  const id = givenId ?? `${generatedId}-${name}`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const t = useT();

  const error = errorOverride ?? (meta.touched || submitCount > 0 ? meta.error : undefined);
  const errorText = error && (showErrorText || errorOverride) ? error : undefined;
  const description = [errorText ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  const setValue = (value: string) => void helpers.setValue(normalise ? normalise(value) : value);

  const input = (
    <input
      id={id}
      name={name}
      className="auth-input"
      type={type === 'password' ? (revealed ? 'text' : 'password') : type}
      value={field.value ?? ''}
      onChange={(event) => setValue(event.target.value)}
      onBlur={field.onBlur}
      autoComplete={autoComplete}
      inputMode={inputMode}
      spellCheck={type === 'text' ? undefined : false}
      autoCapitalize={type === 'text' ? undefined : 'none'}
      aria-invalid={error ? true : undefined}
      aria-describedby={description}
    />
  );

  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-label">
        {t(label)}
      </label>
      {type === 'password' ? (
        <div className="auth-input-row">
          {input}
          <Button className="auth-btn-reveal" aria-controls={id} onClick={() => setRevealed((shown) => !shown)}>
            {t(revealed ? 'Hide' : 'Show')}
            <span className="auth-sr-only"> {t(label).toLowerCase()}</span>
          </Button>
        </div>
      ) : (
        input
      )}
      {errorText ? (
        <p id={errorId} role="alert" className="auth-error">
          <CrossIcon />
          {t(errorText)}
        </p>
      ) : null}
    </div>
  );
}
