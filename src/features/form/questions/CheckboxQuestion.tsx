import type { CheckboxQuestion as CheckboxQuestionDef } from '../definition/types';
import {
  describe,
  ErrorText,
  Hint,
  MarkList,
  ReadOnlyField,
  RequiredMark,
  type QuestionProps,
} from '../renderer/Field';
import { useAnswer, useAnswerSetter, useFieldErrors, useRequired } from '../renderer/hooks';

/** One checkbox; the answer is a boolean (SPEC §3: optin_sms_ind). */
export function CheckboxQuestion({ question, readOnly }: QuestionProps<CheckboxQuestionDef>) {
  const { key } = question;
  const checked = useAnswer(key) === true;
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);

  if (readOnly) {
    return (
      <ReadOnlyField id={`${key}-readonly`} label={null}>
        <MarkList items={[{ label: question.label, checked }]} />
      </ReadOnlyField>
    );
  }
  return (
    <div className={messages.length > 0 ? 'form-field form-field-invalid' : 'form-field'}>
      <ErrorText id={key} messages={messages} />
      <div className="form-choice">
        <input
          id={key}
          name={key}
          type="checkbox"
          checked={checked}
          aria-required={required || undefined}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describe(key, question.hint, messages)}
          onChange={(event) => setAnswer(event.target.checked)}
        />
        <label htmlFor={key}>
          {question.label}
          <RequiredMark required={required} />
        </label>
      </div>
      <Hint id={key} hint={question.hint} />
    </div>
  );
}
