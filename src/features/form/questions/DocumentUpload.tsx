import { useEffect, useState, type ChangeEvent } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { FILE_TYPES } from '../../../kernel/constants';
import { Dialog } from '../../../components/Dialog';
import type { DocumentQuestion } from '../../../kernel/form/definition/types';
import { describe, FieldShell } from '../renderer/Field';
import { useTextAnswer } from '../renderer/hooks';
import {
  deleteRequested,
  documentQuestionShown,
  isBusy,
  isChecking,
  selectDocument,
  uploadRequested,
  registerFile,
  formatFileSize,
} from '../../documents';
import {
  ANSWERED,
  DELETE_CONFIRM,
  DELETE_DIALOG_TITLE,
  FILE_NAME_HINT,
  shortNameButton,
} from '../../../kernel/documents/messages';
import '../../documents/documents.css';

/** '.png,.jpeg,.jpg,.pdf,.docx' (fileRules.ts's FILE_ACCEPT; not imported: its rules belong to the listeners' chunk). */
const ACCEPT = FILE_TYPES.map((ext) => `.${ext}`).join(',');

interface DocumentUploadProps {
  question: DocumentQuestion;
  /** The field's validation messages (while validating). */
  messages: readonly string[];
  required: boolean;
}

/**
 * A logged-in applicant's document question (SPEC §4 upload flow): the file input, the file the server holds with
 * its Delete button (confirmed in a dialog), the upload's progress and a polite status line. Choosing a file only
 * dispatches uploadRequested: the listeners check, upload, convert and poll (documentFlows.ts). A file rule's
 * message, or why an upload failed, shows on the field. The hint names the name's length limit (for every document
 * question, here); a name too long comes with the offer to upload the same file under a shorter name, shown
 * before anything is sent, right after the input in the tab order.
 */
export function DocumentUpload({ question, messages: validation, required }: DocumentUploadProps) {
  const { key, label } = question;
  const hint = question.hint ? `${question.hint} ${FILE_NAME_HINT}` : FILE_NAME_HINT;
  const dispatch = useAppDispatch();
  // Fetching the question's data shows nothing but aria-busy on the input (a tab switch is refused meanwhile,
  // SPEC §4): otherwise 'checking' looks like 'idle'.
  const doc = useAppSelector((s) => {
    const held = selectDocument(s, key);
    return isChecking(held) ? { ...held, phase: 'idle' as const } : held;
  }, shallowEqual);
  const checking = useAppSelector((s) => isChecking(selectDocument(s, key)));
  const answered = useTextAnswer(key) === ANSWERED;
  const profileLoaded = useAppSelector((s) => s.session.profile_loaded);
  const [confirming, setConfirming] = useState(false);
  /** Uploading, converting or deleting: another file waits. */
  const working = isBusy(doc);

  // After every reset (page load, login) the question's document and conversion data are fetched again.
  useEffect(() => {
    if (profileLoaded) dispatch(documentQuestionShown({ key }));
  }, [dispatch, key, profileLoaded]);

  const messages = doc.error && !validation.includes(doc.error) ? [...validation, doc.error] : validation;
  const fileId = `${key}-file`;
  const statusId = `${key}-status`;
  const progressId = `${key}-progress`;
  const offerId = `${key}-offer`;
  const offer = working ? null : doc.offer;
  const stored = doc.file ?? (answered ? { name: null, size: null } : null);
  const showStored = stored !== null && !working;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file || working) return;
    dispatch(uploadRequested({ key, fileId: registerFile(file), name: file.name, size: file.size, type: file.type }));
  };
  const confirmDelete = () => {
    setConfirming(false);
    dispatch(deleteRequested({ key }));
  };

  return (
    <FieldShell
      id={key}
      label={label}
      hint={hint}
      messages={messages}
      required={required}
      after={
        <>
          {doc.phase === 'uploading' && (
            <progress
              id={progressId}
              className="doc-progress"
              max={100}
              value={doc.progress ?? 0}
              aria-label={`Uploading ${doc.pending?.name ?? 'your file'}`}
            />
          )}
          {(doc.phase === 'converting' || doc.phase === 'deleting') && (
            <progress id={progressId} className="doc-progress" aria-label={doc.notice ?? 'Working on your file…'} />
          )}
          {/* A failure's notice repeats the field's error (and the offer): announced, not shown twice. */}
          <p
            id={statusId}
            className={
              offer !== null || (doc.notice !== null && doc.notice === doc.error)
                ? 'doc-status form-sr-only'
                : 'doc-status'
            }
            role="status"
          >
            {doc.notice ?? ''}
          </p>
          <Dialog
            open={confirming}
            title={DELETE_DIALOG_TITLE}
            onCancel={() => setConfirming(false)}
            actions={[
              { label: 'Cancel', onClick: () => setConfirming(false) },
              { label: 'Delete', onClick: confirmDelete, primary: true },
            ]}
          >
            <p>{DELETE_CONFIRM}</p>
          </Dialog>
        </>
      }
    >
      {showStored && (
        <div className="doc-file">
          <p id={fileId} className="doc-file-name">
            {stored.name ? (
              <>
                Uploaded file: <strong>{stored.name}</strong> ({formatFileSize(stored.size ?? 0)})
              </>
            ) : (
              'A file was uploaded.'
            )}
          </p>
          <button
            type="button"
            className="shell-btn shell-btn-small"
            aria-describedby={fileId}
            onClick={() => setConfirming(true)}
          >
            Delete file
          </button>
        </div>
      )}
      <input
        id={key}
        name={key}
        type="file"
        className={showStored ? 'form-file form-file-stored' : 'form-file'}
        accept={ACCEPT}
        aria-invalid={messages.length > 0 || undefined}
        aria-disabled={working || undefined}
        aria-busy={checking || undefined}
        aria-describedby={describe(key, hint, messages, ...(showStored ? [fileId] : []), ...(offer ? [offerId] : []))}
        onChange={onChange}
      />
      {offer && (
        <div className="doc-offer">
          <p id={offerId} className="doc-offer-text">
            You can upload it as <strong>{offer.name}</strong> instead. Only its name changes.
          </p>
          <button
            type="button"
            className="shell-btn shell-btn-small"
            onClick={() => dispatch(uploadRequested({ key, ...offer }))}
          >
            {shortNameButton(offer.name)}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
