/** The console's small shared parts: the page title, a labelled field with its hint and error, and the alerts. */
import { useEffect, type InputHTMLAttributes, type ReactNode } from 'react';
import { Alert } from 'antd';
import { SITE_NAME } from '../kernel/partner';

/** "Sign in – Staff console – Undergraduate Admission Application" (WCAG 2.4.2: each page its own title). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – Staff console – ${SITE_NAME}`;
  }, [title]);
}

/** The ids a field's control takes: its own, and the hint and error that describe it. */
export interface FieldAria {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A label above its control, a hint under the label and the field's error under the control: the control is
 * described by both (WCAG 1.3.1, 3.3.1) and marked invalid while the error shows.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <div id={`${id}-hint`} className="staff-hint">
          {hint}
        </div>
      )}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error && (
        <p id={`${id}-error`} className="staff-error">
          <span className="staff-visually-hidden">Error: </span>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A text, email, password or date field. The browser's own input with the console's style: antd's Input brings its
 * form library along (about 24 KB gzip), which the sign-in page's first download cannot afford.
 */
export function TextInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={className ? `staff-input ${className}` : 'staff-input'} {...props} />;
}

/** A labelled text, email, password or date field: the Field around the console's own input. */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(aria) => <TextInput {...aria} {...input} />}
    </Field>
  );
}

/** The server's message for a failed call, announced when it appears (antd's Alert is role="alert"). */
export function ErrorMessage({ message }: { message?: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}

/** A success or information message, announced politely. */
export function StatusMessage({ message, type = 'success' }: { message?: string; type?: 'success' | 'info' }) {
  return (
    <div role="status">
      {message && <Alert type={type} showIcon title={message} role="none" style={{ marginBottom: 16 }} />}
    </div>
  );
}

/** Focuses the first field marked invalid in a form, after React has shown the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
