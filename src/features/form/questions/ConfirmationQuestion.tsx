import type { ConfirmationQuestion as ConfirmationQuestionDef } from '../../../kernel/form/definition/types';
import { describe, ErrorText, Hint, ReadOnlyTick, RequiredMark, type QuestionProps } from '../renderer/Field';
import { useAnswer, useAnswerSetter, useFieldErrors, useRequired } from '../renderer/hooks';
import { CheckboxField } from './CheckboxField';

/**
 * A confirmation (SPEC §4 "A confirmation button or checkbox reveals content"): a checkbox, or a toggle button
 * (aria-pressed), whose boolean answer reveals the definition's content once confirmed.
 */
export function ConfirmationQuestion({ question, readOnly }: QuestionProps<ConfirmationQuestionDef>) {
  const { key } = question;
  const confirmed = useAnswer(key) === true;
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);
  const setAnswer = useAnswerSetter(key);
  const revealId = `${key}-reveal`;

  if (readOnly) {
    return <ReadOnlyTick fieldKey={key} label={question.label} checked={confirmed} />;
  }
  const reveal = (
    <div id={revealId} aria-live="polite">
      {confirmed && <p className="form-reveal">{question.reveals}</p>}
    </div>
  );
  if (question.variant === 'button') {
    const labelId = `${key}-label`;
    return (
      <div className={messages.length > 0 ? 'form-field form-field-invalid' : 'form-field'}>
        <p id={labelId} className="form-label">
          {question.label}
          <RequiredMark required={required} />
        </p>
        <Hint id={key} hint={question.hint} />
        <ErrorText id={key} messages={messages} />
        <button
          id={key}
          type="button"
          className="shell-btn form-confirm-button"
          aria-pressed={confirmed}
          aria-describedby={describe(key, question.hint, messages, labelId)}
          onClick={() => setAnswer(!confirmed)}
        >
          {confirmed ? 'Confirmed' : 'Confirm'}
        </button>
        {reveal}
      </div>
    );
  }
  return (
    <CheckboxField
      fieldKey={key}
      label={question.label}
      hint={question.hint}
      required={required}
      messages={messages}
      checked={confirmed}
      onChange={setAnswer}
    >
      {reveal}
    </CheckboxField>
  );
}
