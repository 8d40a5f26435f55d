/**
 * The pieces every question is built from: a visible label (or fieldset legend), its hint and its messages tied
 * to the control with aria-describedby, "(required)" in the label text, and the read-only (print) rendering of
 * service users: values as text, [X] / [ ] marks, no inputs or buttons.
 */
import type { ComponentType, ReactNode } from 'react';
import { useCheckMode } from './checkMode';
import type { Question, Section } from '../../../kernel/form/definition/types';

/** One question of the form, rendered by its type's component: what QuestionRenderer takes. */
export interface QuestionRendererProps {
  question: Question;
  section?: Section;
  readOnly?: boolean;
}

/**
 * What every question component gets. `section` is the one the question sits in (condition groups need it).
 * `Nested` renders the questions a question holds (add-another entries, a tab's panel): QuestionRenderer passes
 * itself, so those components need not import it (renderer → registry → question → renderer would be a cycle).
 */
export interface QuestionProps<Q extends Question = Question> extends QuestionRendererProps {
  question: Q;
  Nested: ComponentType<QuestionRendererProps>;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ids for aria-describedby, or undefined when there are none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/** aria-describedby for a control with this hint and these messages. */
export const describe = (id: string, hint: string | undefined, messages: readonly string[], ...more: string[]) =>
  describedBy(hint && hintId(id), messages.length > 0 && errorId(id), ...more);

export function RequiredMark({ required }: { required: boolean }) {
  return required ? <span className="form-required"> (required)</span> : null;
}

export function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={hintId(id)} className="form-hint">
      {hint}
    </p>
  ) : null;
}

/** The field's messages, announced as an error and tied to the control by id. */
export function ErrorText({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={errorId(id)} className="form-error">
      <span className="form-sr-only">Error: </span>
      {messages.join(' ')}
    </p>
  );
}

interface ShellProps {
  /** The control's id (the answer key: /{page}#{key} links land on it). */
  id: string;
  label: ReactNode;
  hint?: string;
  messages: readonly string[];
  required: boolean;
  children: ReactNode;
  after?: ReactNode;
  /** The fieldset's id (a group's anchor); `${id}-group` unless given. */
  groupId?: string;
}

/** A single control: label, hint, messages, control. */
export function FieldShell({ id, label, hint, messages, required, children, after }: ShellProps) {
  return (
    <div className={messages.length > 0 ? 'form-field form-field-invalid' : 'form-field'}>
      <label className="form-label" htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} messages={messages} />
      {children}
      {after}
    </div>
  );
}

/** A group of controls: fieldset and legend; hint and messages describe the group. */
export function FieldsetShell({ id, label, hint, messages, required, children, after, groupId }: ShellProps) {
  return (
    <fieldset
      id={groupId ?? `${id}-group`}
      className={messages.length > 0 ? 'form-field form-fieldset form-field-invalid' : 'form-field form-fieldset'}
      aria-describedby={describe(id, hint, messages)}
    >
      <legend className="form-legend">
        {label}
        <RequiredMark required={required} />
      </legend>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} messages={messages} />
      {children}
      {after}
    </fieldset>
  );
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Read-only (service users: SPEC §1 print-style view)                                                                */
/* ------------------------------------------------------------------------------------------------------------------ */

export interface ReadOnlyFieldProps {
  id: string;
  label: ReactNode;
  children: ReactNode;
  /** The answer keys whose format messages mark this answer on the check page (the id's alone unless given). */
  issueKeys?: readonly string[];
}

/** An answer read-only; on Check your answers, the check page's row (with its Change link and any problem). */
export function ReadOnlyField(props: ReadOnlyFieldProps) {
  const check = useCheckMode();
  if (check) return <check.Row {...props} />;
  const { id, label, children } = props;
  return (
    <div className="form-field form-readonly" id={id}>
      {label !== null && <p className="form-label">{label}</p>}
      <div className="form-readonly-value">{children}</div>
    </div>
  );
}

/**
 * One checkbox's answer read-only: [X] / [ ] with its label (the print view); on the check page a row with the
 * question as its label and Yes or Not answered, so no row stands there without its question.
 */
export function ReadOnlyTick({ fieldKey, label, checked }: { fieldKey: string; label: string; checked: boolean }) {
  const check = useCheckMode();
  if (check) {
    return (
      <check.Row id={`${fieldKey}-readonly`} label={label} issueKeys={[fieldKey]}>
        {checked ? <p>Yes</p> : <p className="form-muted">Not answered</p>}
      </check.Row>
    );
  }
  return (
    <ReadOnlyField id={`${fieldKey}-readonly`} label={null}>
      <MarkList items={[{ label, checked }]} />
    </ReadOnlyField>
  );
}

/** A value as text; an empty answer says so. */
export function ReadOnlyText({ value }: { value: string | undefined }) {
  return value ? <p>{value}</p> : <p className="form-muted">Not answered</p>;
}

/** [X] / [ ] and a label. */
export const mark = (checked: boolean) => (checked ? '[X]' : '[ ]');

export function MarkList({ items }: { items: readonly { label: string; checked: boolean }[] }) {
  const check = useCheckMode();
  if (check) return <check.Chosen items={items} />;
  return (
    <ul className="form-marks">
      {items.map((item, i) => (
        <li key={i}>
          {mark(item.checked)} {item.label}
        </li>
      ))}
    </ul>
  );
}
