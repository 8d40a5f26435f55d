import type { RadioQuestion as RadioQuestionDef } from '../../../kernel/form/definition/types';
import { LinkedText } from '../renderer/LinkedText';
import { FieldsetShell, MarkList, ReadOnlyField, type QuestionProps } from '../renderer/Field';
import { useAnswerSetter, useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';
import { useQuestionOptions } from '../renderer/options';

/** The id of a radio button: the first carries the answer key, so /{page}#{key} lands on the group. */
export const radioId = (key: string, index: number) => (index === 0 ? key : `${key}-${index}`);

/**
 * A radio group in a fieldset. Choosing stores the value and its label in {key}_desc (SPEC §3); content the
 * definition reveals for the chosen value shows under the group and is announced.
 */
export function RadioQuestion({ question, readOnly }: QuestionProps<RadioQuestionDef>) {
  const { key } = question;
  const value = useTextAnswer(key);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);
  const options = useQuestionOptions(question) ?? [];
  const revealed = value ? question.reveals?.[value] : undefined;

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <MarkList items={options.map((o) => ({ label: o.label, checked: o.value === value }))} />
        {revealed && (
          <p className="form-reveal">
            <LinkedText text={revealed} />
          </p>
        )}
      </ReadOnlyField>
    );
  }
  return (
    <FieldsetShell
      id={key}
      label={question.label}
      hint={question.hint}
      messages={messages}
      required={required}
      after={
        question.reveals && (
          <div aria-live="polite">
            {revealed && (
              <p className="form-reveal">
                <LinkedText text={revealed} />
              </p>
            )}
          </div>
        )
      }
    >
      <div
        className={
          options.length <= 3 && options.every((o) => o.label.length <= 12)
            ? 'form-choices form-choices-inline'
            : 'form-choices'
        }
      >
        {options.map((option, i) => (
          <div className="form-choice" key={option.value}>
            <input
              id={radioId(key, i)}
              type="radio"
              name={key}
              value={option.value}
              checked={value === option.value}
              onChange={() => setAnswer(option.value, option.label)}
            />
            <label htmlFor={radioId(key, i)}>{option.label}</label>
          </div>
        ))}
      </div>
    </FieldsetShell>
  );
}
