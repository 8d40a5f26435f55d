import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { answerChanged } from '../../answers';
import type { CheckboxGroupQuestion as CheckboxGroupQuestionDef } from '../../../kernel/form/definition/types';
import { FieldsetShell, mark, ReadOnlyField, type QuestionProps } from '../renderer/Field';
import { useGroupErrors, useRequired } from '../renderer/hooks';
import { useCheckMode } from '../renderer/checkMode';

/** One checkbox of a group: its own boolean answer, its own subscription. */
function GroupCheckbox({ answerKey, label }: { answerKey: string; label: string }) {
  const checked = useAppSelector((s) => s.answers.values[answerKey] === true);
  const dispatch = useAppDispatch();
  return (
    <div className="form-choice">
      <input
        id={answerKey}
        name={answerKey}
        type="checkbox"
        checked={checked}
        onChange={(event) => dispatch(answerChanged({ key: answerKey, value: event.target.checked }))}
      />
      <label htmlFor={answerKey}>{label}</label>
    </div>
  );
}

function ReadOnlyMark({ answerKey, label }: { answerKey: string; label: string }) {
  const checked = useAppSelector((s) => s.answers.values[answerKey] === true);
  const check = useCheckMode();
  // Check your answers lists what was chosen only.
  if (check && !checked) return null;
  if (check) return <li>{label}</li>;
  return (
    <li>
      {mark(checked)} {label}
    </li>
  );
}

/** Several checkboxes in a fieldset, each its own boolean answer (race_asian, marital_status_single…). */
export function CheckboxGroupQuestion({ question, readOnly }: QuestionProps<CheckboxGroupQuestionDef>) {
  const { key, options } = question;
  const keys = useMemo(() => options.map((o) => o.key), [options]);
  // The messages of the group's keys, shown once for the group.
  const messages = useGroupErrors(keys);
  const required = useRequired(question.required);
  const check = useCheckMode();

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <ul className={check ? 'check-chosen' : 'form-marks'}>
          {options.map((o) => (
            <ReadOnlyMark key={o.key} answerKey={o.key} label={o.label} />
          ))}
        </ul>
      </ReadOnlyField>
    );
  }
  return (
    <FieldsetShell
      id={key}
      groupId={key}
      label={question.label}
      hint={question.hint}
      messages={messages}
      required={required}
    >
      <div className="form-choices">
        {options.map((option) => (
          <GroupCheckbox key={option.key} answerKey={option.key} label={option.label} />
        ))}
      </div>
    </FieldsetShell>
  );
}
