import type { CheckboxQuestion as CheckboxQuestionDef } from '../../../kernel/form/definition/types';
import { ReadOnlyTick, type QuestionProps } from '../renderer/Field';
import { useAnswer, useAnswerSetter, useFieldErrors, useRequired } from '../renderer/hooks';
import { CheckboxField } from './CheckboxField';

/** One checkbox; the answer is a boolean (SPEC §3: optin_sms_ind). */
export function CheckboxQuestion({ question, readOnly }: QuestionProps<CheckboxQuestionDef>) {
  const { key } = question;
  const checked = useAnswer(key) === true;
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);

  if (readOnly) {
    return <ReadOnlyTick fieldKey={key} label={question.label} checked={checked} />;
  }
  return (
    <CheckboxField
      fieldKey={key}
      label={question.label}
      hint={question.hint}
      required={required}
      messages={messages}
      checked={checked}
      onChange={setAnswer}
    />
  );
}
