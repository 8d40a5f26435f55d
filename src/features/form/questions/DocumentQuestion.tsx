import { useAppSelector } from '../../../app/hooks';
import { FILE_TYPES } from '../../../config/constants';
import type { DocumentQuestion as DocumentQuestionDef } from '../definition/types';
import { describe, FieldShell, Hint, MarkList, ReadOnlyField, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';

export const VISITOR_UPLOAD_MESSAGE = 'This question can be finished once you have created an account.';

/**
 * A document answer (SPEC §6: visitors cannot upload). For now a logged-in applicant sees the file input only:
 * the Documents issue builds the upload, conversion and polling behind it.
 */
export function DocumentQuestion({ question, readOnly }: QuestionProps<DocumentQuestionDef>) {
  const { key } = question;
  const answered = useTextAnswer(key) === 'ANSWERED';
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <MarkList items={[{ label: 'Document uploaded', checked: answered }]} />
      </ReadOnlyField>
    );
  }
  if (!isLoggedIn) {
    return (
      <div className="form-field" id={key} tabIndex={-1}>
        <p className="form-label">{question.label}</p>
        <Hint id={key} hint={question.hint} />
        <p className="form-notice">{VISITOR_UPLOAD_MESSAGE}</p>
      </div>
    );
  }
  return (
    <FieldShell id={key} label={question.label} hint={question.hint} messages={messages} required={required}>
      <input
        id={key}
        name={key}
        type="file"
        className="form-file"
        accept={FILE_TYPES.map((t) => `.${t}`).join(',')}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={describe(key, question.hint, messages)}
      />
    </FieldShell>
  );
}
