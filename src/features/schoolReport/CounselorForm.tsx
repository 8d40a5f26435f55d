import { useId, useState, type FormEvent } from 'react';
import { isValidEmail, normaliseEmail } from '../../kernel/auth/rules';
import { SCHOOL_REPORT_MESSAGES as M } from '../../kernel/schoolReport/messages';
import type { CounselorBodyT } from '../../kernel/schoolReport/contract';

interface Props {
  /** The form's prefilled counselor (the address to correct), if any. */
  initial?: CounselorBodyT;
  /** The applicant's own address: a counselor's must differ. */
  ownEmail: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(counselor: CounselorBodyT): void;
  onCancel?(): void;
}

const REQUIRED = 'Please provide this information.';

/** A corrected address or another counselor: first and last name and email, checked before it is sent. */
export function CounselorForm({ initial, ownEmail, submitLabel, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<CounselorBodyT>(initial ?? { first_name: '', last_name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CounselorBodyT, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = normaliseEmail(values.email);
    const found: typeof errors = {};
    if (!values.first_name.trim()) found.first_name = REQUIRED;
    if (!values.last_name.trim()) found.last_name = REQUIRED;
    if (!isValidEmail(email)) found.email = M.counselorEmailInvalid;
    else if (email === normaliseEmail(ownEmail)) found.email = M.counselorIsApplicant;
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...values, email });
  }

  const field = (name: keyof CounselorBodyT, label: string, type = 'text', autoComplete = 'off') => (
    <div className="school-report-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={values[name]}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="school-report-error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="school-report-form" noValidate onSubmit={submit}>
      {field('first_name', 'Counselor First Name')}
      {field('last_name', 'Counselor Last Name')}
      {field('email', 'Counselor Email Address', 'email')}
      <div className="school-report-actions">
        <button type="submit" className="shell-btn" aria-disabled={busy || undefined} disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="shell-btn shell-btn-secondary" onClick={onCancel}>
            Keep the current request
          </button>
        )}
      </div>
    </form>
  );
}
