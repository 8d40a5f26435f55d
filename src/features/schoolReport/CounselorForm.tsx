import { useId, useState, type FormEvent } from 'react';
import { normaliseEmail } from '../../kernel/auth/rules';
import { counselorEmailProblem } from '../../kernel/schoolReport/counselor';
import { questionLabel } from '../../kernel/form/definition';
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

/** Your Academics' labels for the same answers; a missing one's message is its label, as on the form (SPEC §5). */
const LABELS: Record<keyof CounselorBodyT, string> = {
  first_name: questionLabel('counselor_first_name'),
  last_name: questionLabel('counselor_last_name'),
  email: questionLabel('counselor_email_address'),
};

/** A corrected address or another counselor: first and last name and email, checked before it is sent. */
export function CounselorForm({ initial, ownEmail, submitLabel, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const [values, setValues] = useState<CounselorBodyT>(initial ?? { first_name: '', last_name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CounselorBodyT, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.first_name.trim()) found.first_name = LABELS.first_name;
    if (!values.last_name.trim()) found.last_name = LABELS.last_name;
    const emailProblem = counselorEmailProblem(values.email, ownEmail);
    if (emailProblem) found.email = emailProblem;
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...values, email: normaliseEmail(values.email) });
  }

  const field = (name: keyof CounselorBodyT, type = 'text', autoComplete = 'off') => (
    <div className="school-report-field">
      <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
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
      {field('first_name')}
      {field('last_name')}
      {field('email', 'email')}
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
