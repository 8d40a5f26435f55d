import { useAppSelector } from '../../../shared/hooks';
import { selectDocument, formatFileSize } from '../../documents';
import { DocumentUpload } from './DocumentUpload';
import { ANSWERED, VISITOR_UPLOAD_MESSAGE } from '../../../kernel/documents/messages';
import type { DocumentQuestion as DocumentQuestionDef } from '../../../kernel/form/definition/types';
import { Hint, MarkList, ReadOnlyField, type QuestionProps } from '../renderer/Field';
import { useFieldErrors, useRequired, useTextAnswer } from '../renderer/hooks';

export { VISITOR_UPLOAD_MESSAGE };

/**
 * A document answer (SPEC §6: visitors cannot upload). A logged-in applicant gets the upload (the Documents
 * feature: DocumentUpload and its listeners); staff see whether a document was uploaded, and its name.
 */
export function DocumentQuestion({ question, readOnly }: QuestionProps<DocumentQuestionDef>) {
  const { key } = question;
  const answered = useTextAnswer(key) === ANSWERED;
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const file = useAppSelector((s) => selectDocument(s, key).file);
  const messages = useFieldErrors(key);
  const required = useRequired(question.required);

  if (readOnly) {
    return (
      <ReadOnlyField id={key} label={question.label}>
        <MarkList items={[{ label: 'Document uploaded', checked: answered }]} />
        {answered && file && (
          <p>
            {file.name} ({formatFileSize(file.size)})
          </p>
        )}
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
  return <DocumentUpload question={question} messages={messages} required={required} />;
}
