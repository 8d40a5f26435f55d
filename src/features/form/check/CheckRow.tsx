import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { errorId } from '../renderer/Field';
import { FROM_CHECK, useCheckMode } from '../renderer/checkMode';

/**
 * One answer on Check your answers: its label, any problem, the answer; an answer with a problem has its own link to
 * the question (Answer for a blank, Correct for a wrong one). The others change through their section's link.
 */
export function CheckRow({
  id,
  label,
  children,
  issueKeys,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
  issueKeys?: readonly string[];
}) {
  const check = useCheckMode()!;
  const keys = issueKeys ?? [id];
  const messages = [...new Set(keys.flatMap((key) => check.issues[key] ?? []))];
  const invalid = messages.length > 0;
  const href = invalid ? check.changeHref(keys.find((key) => check.issues[key]) ?? id) : undefined;
  const [pathname, hash] = href ? href.split('#') : [];
  return (
    <div
      className={
        invalid ? 'form-field form-readonly check-row check-row-invalid' : 'form-field form-readonly check-row'
      }
      id={id}
    >
      {label !== null && <p className="form-label">{label}</p>}
      {invalid && (
        <p id={errorId(id)} className="form-error">
          <span className="form-sr-only">Error: </span>
          {messages.join(' ')}
        </p>
      )}
      <div className="form-readonly-value">{children}</div>
      {pathname && (
        <Link className="check-change" to={{ pathname, hash: hash ? `#${hash}` : '' }} state={FROM_CHECK}>
          {keys.some((key) => check.missing.has(key)) ? 'Answer' : 'Correct'}
          <span className="form-sr-only"> {typeof label === 'string' ? label : 'this answer'}</span>
        </Link>
      )}
    </div>
  );
}

/** The options chosen, and only those (no [ ] for the others). */
export function Chosen({ items }: { items: readonly { label: string; checked: boolean }[] }) {
  const chosen = items.filter((item) => item.checked);
  if (chosen.length === 0) return <p className="form-muted">Not answered</p>;
  if (chosen.length === 1) return <p>{chosen[0]!.label}</p>;
  return (
    <ul className="check-chosen">
      {chosen.map((item, i) => (
        <li key={i}>{item.label}</li>
      ))}
    </ul>
  );
}
